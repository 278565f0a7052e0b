import type { Page } from '@playwright/test';
import { PATHS } from '@trek/shared/contract';
import { expect, test } from '../support/fixtures';
import { waitForMagicLink } from '../support/mailbox';
import { tabTo } from '../support/projects';
import { BASE_URL } from '../support/suite-env';
import { dayLabel, dayNextMonth } from '../support/wizard';

/** The marketing site is another product: a stand-in page answers for it. */
async function standInMarketingSite(page: Page) {
  await page.route('https://trekperu.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>TrekPeru marketing home</h1>' }),
  );
}

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

test('the trek and duration cards are one Tab stop each; arrow keys select without moving on, Enter does', async ({
  page,
}) => {
  // The page's clock, run forward below: the check is that nothing happens once 300 ms are over.
  await page.clock.install();
  await page.goto(PATHS.createProject);
  await tabTo(page, 'Salkantay');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Ausangate' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Ausangate' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // Well past the 300 ms auto-advance: still on the first step.
  await page.clock.runFor(1000);
  await expect(page.getByRole('heading', { name: 'Choose your trek' })).toBeVisible();
  // One Tab leaves the cards for Next, and Shift+Tab comes back to the chosen one.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('radio', { name: 'Ausangate' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Salkantay' })).toBeFocused();
  // Left of the first trek is the last that can be chosen: Inca Trail is coming soon.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Colca Canyon' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Salkantay' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Choose your trek' })).toBeVisible();
  expect(await page.getByText('1 out of 4').count()).toBe(1);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'How long would you like to trek?' }),
  ).toBeFocused();

  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('2 out of 4')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeFocused();
});

test('the traveler chips are one named radio group: one Tab stop, arrow keys choose', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'trek.wizardFormData',
      JSON.stringify({
        trek: 'Lares',
        duration: '4 days / 3 nights',
        dates: {
          flexible: false,
          flexibilityWindowDays: null,
          start: '2099-01-10',
          end: '2099-01-13',
          baseDate: '2099-01-10',
        },
        travelers: 1,
        languages: [],
        utm: { source: '', medium: '', campaign: '' },
      }),
    );
  });
  await page.goto(PATHS.createProject);
  const group = page.getByRole('radiogroup', { name: 'Number of travelers' });
  await expect(group.getByRole('radio')).toHaveCount(10);
  await group.getByRole('radio', { name: '1', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: '2', exact: true })).toBeChecked();
  await expect(group.getByRole('radio', { name: '2', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  // One Tab leaves the group for the languages.
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeFocused();
});

test('while a request is created the form is inert and the overlay is a named alert dialog with focus; the bars respect reduced motion', async ({
  travelerPage: page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(PATHS.createProject);
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Step 2 out of 4' });
  await expect(progress).toBeVisible();
  expect(await progress.evaluate((bar) => getComputedStyle(bar).transitionDuration)).toBe('0s');
  await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(dayNextMonth(3)), exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('checkbox', { name: 'French' }).check();

  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/projects', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit request' }).click();
  const overlay = page.getByRole('alertdialog', { name: 'Creating your trek request' });
  await expect(overlay).toBeFocused();
  await expect(overlay).toHaveAccessibleDescription(
    "We're matching you with the best guides for your trek...",
  );
  const bar = overlay.getByRole('progressbar', { name: 'Creating your trek request' });
  await expect(bar).toBeVisible();
  expect(await bar.evaluate((section) => getComputedStyle(section).animationName)).toBe('none');
  // The form behind cannot be reached by the keyboard.
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.activeElement?.closest('[inert]') === null),
  ).toBeTruthy();
  await expect(page.getByRole('checkbox', { name: 'French' })).not.toBeFocused();
  release();
  await expect(page).toHaveURL(PATHS.projectSuccess);
});

test('on a phone the Back/Next bar never covers the last field or the footer; no overlap at 48em', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto(PATHS.createProject);
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const bar = page
    .getByRole('button', { name: 'Next', exact: true })
    .locator('xpath=ancestor::div[2]');
  const legal = page.getByRole('navigation', { name: 'Legal' }).getByRole('link').first();
  await expect(legal).toBeInViewport();
  const barBox = await bar.boundingBox();
  const legalBox = await legal.boundingBox();
  const lastCard = await page.getByRole('radio').last().boundingBox();
  expect(barBox && legalBox && lastCard).toBeTruthy();
  if (barBox && legalBox && lastCard) {
    expect(legalBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
    expect(lastCard.y + lastCard.height).toBeLessThanOrEqual(barBox.y);
  }
  // A click on the legal link reaches the link, not the bar.
  await legal.click({ trial: true });

  for (const [width, fixedBar] of [
    [767, true],
    [768, false],
  ] as const) {
    await page.setViewportSize({ width, height: 700 });
    const position = await bar.evaluate((element) => getComputedStyle(element).position);
    expect(position, `at ${width} px`).toBe(fixedBar ? 'sticky' : 'static');
  }
});

test('choosing a start date closes the calendar and focuses the flexibility question; the End date sits level with it', async ({
  page,
}) => {
  await page.goto(PATHS.createProject);
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
  const start = page.getByRole('button', { name: 'Start date' });
  const end = page.getByRole('textbox', { name: 'End date' });
  const [startBox, endBox] = [await start.boundingBox(), await end.boundingBox()];
  expect(startBox?.y).toBe(endBox?.y);
  await start.click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(dayNextMonth(8)), exact: true }).click();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeHidden();
  await expect(page.getByLabel('No / Fixed dates')).toBeFocused();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Group & preferences' })).toBeFocused();
});

test('a page reached in the app takes focus on its heading and its title is announced', async ({
  travelerPage: page,
}) => {
  await page.goto(PATHS.projects);
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await page.getByRole('link', { name: 'New Trek Request' }).first().click();
  const heading = page.getByRole('heading', { level: 1, name: 'Create your trek request' });
  await expect(heading).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'Create your trek request' }),
  ).toHaveCount(1);
});

test('Sign In pressed on the wizard opens the sign-in modal; the modal shows providers the server cannot use as unavailable', async ({
  page,
}) => {
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: { google: { available: false }, facebook: { available: true } } }),
  );
  await page.goto(PATHS.createProject);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: 'Continue with Google (unavailable)' }),
  ).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // A reload does not open it again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // From another page Sign In goes to /trek/new (the spec's target) and opens the modal there.
  await page.goto(PATHS.landing);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(PATHS.newTrek);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});

test("the sign-in modal's sent view takes focus on 'Check your email' and announces it; WhatsApp sits level with Country at 390 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PATHS.createProject);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  const country = await dialog.getByRole('combobox', { name: 'Country' }).boundingBox();
  const whatsapp = await dialog.getByLabel('WhatsApp (optional)').boundingBox();
  expect(country && whatsapp).toBeTruthy();
  if (country && whatsapp)
    expect(country.y === whatsapp.y || whatsapp.y >= country.y + country.height).toBe(true);
  await dialog.getByLabel('First Name *').fill('Ana');
  await dialog.getByLabel('Last Name *').fill('Quispe');
  await dialog.getByLabel('Email *').fill(`modal-${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const sent = page.getByRole('dialog', { name: 'Check your email' });
  await expect(sent.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(sent.getByRole('status')).toContainText('Check your email');
});

/** On /sign-in: asks for a link by e-mail for a new traveler, then follows it. */
async function signInByEmailLink(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByLabel('First Name *').fill('Rita');
  await page.getByLabel('Last Name *').fill('Mamani');
  await page.getByLabel('Email *').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await page.goto(await waitForMagicLink(email));
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('/sign-in emails a sign-in link that returns to returnTo', async ({ page }) => {
  await page.goto(`${PATHS.signIn}?returnTo=%2Fu%2Fmessages`);
  await signInByEmailLink(page, `returning-${Date.now()}@example.com`);
  await expect(page).toHaveURL(PATHS.messages);
  await expect(page.getByRole('button', { name: 'Rita, account menu' })).toBeVisible();
});

test('a page asked for with a query too long to carry through sign-in is still where sign-in returns', async ({
  page,
}) => {
  // A campaign link's query: longer than the API takes as a return path.
  await page.goto(`${PATHS.messages}?utm_content=${'a'.repeat(600)}`);
  await expect(page).toHaveURL(/\/sign-in\?returnTo=/);
  await signInByEmailLink(page, `long-query-${Date.now()}@example.com`);
  await expect(page).toHaveURL(PATHS.messages);
});

test('a sign-in and a sign-out in one tab show in the other tabs', async ({ context, page }) => {
  const email = `two-tabs-${Date.now()}@example.com`;
  await page.goto(PATHS.createProject);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  const other = await context.newPage();
  await standInMarketingSite(other);
  const asked = await other.request.post('/api/auth/request-magic-link', {
    headers: { origin: BASE_URL },
    data: { email, firstName: 'Tomas', lastName: 'Rojas', redirectTo: '/u/projects' },
  });
  expect(asked.status()).toBe(200);
  await other.goto(await waitForMagicLink(email));
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(other.getByRole('button', { name: 'Tomas, account menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tomas, account menu' })).toBeVisible();

  await other.getByRole('button', { name: 'Tomas, account menu' }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(other.getByRole('heading', { name: 'TrekPeru marketing home' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a failed sign-out keeps the session and says so; toasts sit below the header and F8 reaches them', async ({
  travelerPage: page,
}) => {
  await page.route('**/api/auth/logout', (route) =>
    route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal error' } }),
  );
  await page.goto(PATHS.projects);
  const menu = page.getByRole('button', { name: 'Ana, account menu' });
  await menu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // The menu closes once the item is chosen.
  await expect(page.getByRole('menu')).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: 'Could not sign out' });
  await expect(toast).toBeVisible();
  await expect(menu).toBeVisible();
  const [header, toastBox] = [
    await page.getByRole('banner').boundingBox(),
    await toast.boundingBox(),
  ];
  expect(header && toastBox && toastBox.y >= header.y + header.height).toBe(true);
  // The menu opened again drops over the toast: its items are on top and take the clicks.
  await menu.click();
  for (const name of ['My projects', 'Settings', 'Log out']) {
    const onTop = await page.getByRole('menuitem', { name }).evaluate((item) => {
      const box = item.getBoundingClientRect();
      return item.contains(
        document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2),
      );
    });
    expect(onTop, name).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
  expect(await focusedName(page)).toBe('Notifications (F8)');
});

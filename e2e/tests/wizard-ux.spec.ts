import type { Page } from '@playwright/test';
import { PATHS } from '@trek/shared/contract';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { holdRequests } from '../support/hold-requests';
import { signInNewTraveler } from '../support/projects';
import { completeWizardWithMouse, dayLabel, dayNextMonth } from '../support/wizard';

/**
 * The request wizard as a person meets it: dialogs that give focus back, an overlay that keeps
 * the keyboard, groups a screen reader can name, no sideways scroll on a small phone, a success
 * page that is never empty, a phone bar that covers nothing and stays put, a step that survives a
 * reload and the browser's Back and Forward, and trek pictures that line up.
 */

/**
 * Opens the wizard and waits until its own code has replaced the markup the server sent (inert,
 * with a 'Loading…' status): measured or pressed before, an element may be the one about to go.
 */
async function openWizard(page: Page): Promise<void> {
  await page.goto(PATHS.createProject);
  await expect(page.getByText('1 out of 4')).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

/** How far the page scrolls sideways (0 when it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The phone's Back/Next bar: the box around the two buttons. */
const phoneBar = (page: Page) =>
  page.getByRole('button', { name: 'Back', exact: true }).locator('xpath=ancestor::div[2]');

test('the sign-in dialog gives focus back on Escape, focuses the first field in error, and forgets a server error once the traveler edits or reopens', async ({
  page,
}) => {
  await openWizard(page);
  await completeWizardWithMouse(page);
  const submit = page.getByRole('button', { name: 'Submit request' });
  await submit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in to send your request' });
  const firstName = dialog.getByRole('textbox', { name: 'First Name' });
  // Opened, it puts the traveler in its first field.
  await expect(firstName).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();

  await submit.click();
  const send = dialog.getByRole('button', { name: 'Email me a sign-in link' });
  await send.click();
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAccessibleDescription('Please enter your first name.');
  await firstName.fill('Ana');
  await send.click();
  const lastName = dialog.getByRole('textbox', { name: 'Last Name' });
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveAccessibleDescription('Please enter your last name.');
  await lastName.fill('Quispe');
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill('ana@example');
  await send.click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');

  await page.route('**/api/auth/request-magic-link', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '30' },
      json: { code: 'RATE_LIMITED', message: 'Too many requests.' },
    }),
  );
  await email.fill(`ux-${Date.now()}@example.com`);
  await send.click();
  const serverError = dialog.getByRole('alert');
  await expect(serverError).toHaveText('Too many requests. Please try again in a minute.');
  // The button that was pressed was busy meanwhile: the keyboard is brought to what went wrong.
  await expect(serverError).toBeFocused();
  // Editing a field: the message was about the previous attempt.
  await firstName.fill('Ana María');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await send.click();
  await expect(serverError).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  await submit.click();
  await expect(dialog).toBeVisible();
  // Reopened: what was typed is kept, the old failure is not.
  await expect(firstName).toHaveValue('Ana María');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('the header Sign In dialog gives focus back to Sign In when closed with Escape', async ({
  page,
}) => {
  await openWizard(page);
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
  await signIn.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  // Sign In went to /trek/new, which the site announces (leaving focus in the dialog); Escape
  // gives focus back to Sign In. (Closed before the announcement, focus stays there too: the
  // host's route-announcer unit test.)
  await expect(
    page.getByRole('status').filter({ hasText: 'Create your trek request' }),
  ).toHaveCount(1);
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();

  // Pressed on another page, Sign In waits for the wizard's code, and gets focus back all the same.
  await page.goto(PATHS.landing);
  await signIn.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();
});

test('while a request is sent the keyboard stays on the overlay, and a double click or a double Enter sends it once', async ({
  browser,
}) => {
  const page = await signInNewTraveler(browser, `ux-overlay-${Date.now()}@example.com`);
  try {
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/projects')
        creates.push(request.url());
    });
    await openWizard(page);
    await completeWizardWithMouse(page);

    // A double click, held: one request; Tab and Shift+Tab never leave the overlay.
    let held = holdRequests();
    await page.route('**/api/projects', held.handler);
    const submit = page.getByRole('button', { name: 'Submit request' });
    await submit.dblclick();
    const overlay = page.getByRole('alertdialog', { name: 'Creating your trek request' });
    await expect(overlay).toBeFocused();
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
      expect(
        await page.evaluate(() => document.activeElement?.closest('[role="alertdialog"]') != null),
        `focus after ${key}`,
      ).toBe(true);
    }
    // A click on the dimmed page behind does not take the keyboard there either.
    await page.mouse.click(5, 5);
    await page.keyboard.press('Tab');
    await expect(overlay).toBeFocused();
    expect(creates).toHaveLength(1);
    held.abort();
    await expect(page.getByText('Error creating request')).toBeVisible();
    await expect(overlay).toBeHidden();

    // Enter pressed twice on Submit request: one more request, then the success page.
    await page.unroute('**/api/projects');
    held = holdRequests();
    await page.route('**/api/projects', held.handler);
    // The failure gave the keyboard back to Submit request.
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(overlay).toBeVisible();
    expect(creates).toHaveLength(2);
    held.release();
    await expect(page).toHaveURL(PATHS.projectSuccess);
    expect(creates).toHaveLength(2);
  } finally {
    await page.context().close();
  }
});

test("while a request is sent the browser's Back is not taken; the success page follows", async ({
  browser,
}) => {
  // Signed in on My Projects, and to the wizard by its link: Back is a move inside the site.
  const page = await signInNewTraveler(browser, `ux-stay-${Date.now()}@example.com`);
  try {
    await page.getByRole('link', { name: 'New Trek Request' }).click();
    await expect(page.getByText('1 out of 4')).toBeVisible();
    await completeWizardWithMouse(page);
    const held = holdRequests();
    await page.route('**/api/projects', held.handler);
    await page.getByRole('button', { name: 'Submit request' }).click();
    const overlay = page.getByRole('alertdialog', { name: 'Creating your trek request' });
    await expect(overlay).toBeVisible();

    await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener('popstate', resolve, { once: true });
          history.back();
        }),
    );
    await expect(page).toHaveURL(PATHS.createProject);
    await expect(overlay).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Projects' })).toHaveCount(0);

    held.release();
    await expect(page).toHaveURL(PATHS.projectSuccess);
  } finally {
    await page.context().close();
  }
});

test("each step's choices form a group named by the step's heading", async ({ page }) => {
  await openWizard(page);
  const treks = page.getByRole('radiogroup', { name: 'Choose your trek' });
  await expect(treks.getByRole('radio')).toHaveCount(8);
  await expect(treks).toHaveAccessibleDescription(
    'Pick the route you dream of; guides tailor the rest.',
  );
  await treks.getByRole('radio', { name: 'Lares', exact: true }).click();
  const durations = page.getByRole('radiogroup', { name: 'How long would you like to trek?' });
  await expect(durations.getByRole('radio')).toHaveCount(4);
  await expect(durations).toHaveAccessibleDescription('Durations available for Lares.');
  await durations.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Are your dates flexible?' }).getByRole('radio'),
  ).toHaveCount(2);
});

test('nothing scrolls sideways at 320 px, on any step or in the sign-in dialog', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openWizard(page);
  await expect(page.getByText('1 out of 4')).toBeVisible();
  expect(await sidewaysScroll(page), 'the trek step').toBe(0);
  await page.getByRole('radio', { name: 'Huayhuash', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  expect(await sidewaysScroll(page), 'the duration step').toBe(0);
  await page.getByRole('radio', { name: /12 days \/ 11 nights/ }).click();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  expect(await sidewaysScroll(page), 'the dates step').toBe(0);
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  expect(await sidewaysScroll(page), 'the calendar').toBe(0);
  await page.getByRole('button', { name: dayLabel(dayNextMonth(20)), exact: true }).click();
  await page.getByLabel("Yes / I'm flexible").check();
  await expect(page.getByText(/Flexibility window/)).toBeVisible();
  expect(await sidewaysScroll(page), 'the dates step, flexible').toBe(0);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('4 out of 4')).toBeVisible();
  expect(await sidewaysScroll(page), 'the preferences step').toBe(0);
  await page.getByRole('checkbox', { name: 'French' }).check();
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await sidewaysScroll(page), 'the sign-in dialog').toBe(0);
});

test('/project-success with no request just sent goes to the wizard instead of an empty page', async ({
  page,
}) => {
  await page.goto(PATHS.projectSuccess);
  await expect(page).toHaveURL(PATHS.createProject);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your trek request' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trek Request Submitted!' })).toHaveCount(0);
});

test('on a phone a card reached by the keyboard is never under the Back/Next bar, and the bar stays at the bottom of the screen on every step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await openWizard(page);
  await expect(page.getByText('1 out of 4')).toBeVisible();
  const bar = phoneBar(page);
  const barSitsAtTheBottom = async (what: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await bar.boundingBox();
    expect(box, what).not.toBeNull();
    if (box) expect(Math.round(box.y + box.height), what).toBe(700);
  };
  await barSitsAtTheBottom('the trek step');

  // Every enabled trek card, reached from the page's heading by Tab and then the arrow keys (the
  // cards are one Tab stop), shows whole above the bar.
  await page.getByRole('heading', { level: 1 }).focus();
  const names = ['Salkantay', 'Ausangate', 'Choquequirao', 'Lares', 'Huayhuash', 'Santa Cruz'];
  for (const [index, name] of names.entries()) {
    const card = page.getByRole('radio', { name, exact: true });
    if (index > 0) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 20 && !(await card.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(card).toBeFocused();
    const [cardBox, barBox] = [await card.boundingBox(), await bar.boundingBox()];
    expect(cardBox && barBox, name).toBeTruthy();
    if (cardBox && barBox)
      expect(cardBox.y + cardBox.height, `${name} clear of the bar`).toBeLessThanOrEqual(barBox.y);
  }

  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  await barSitsAtTheBottom('the duration step');
  await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  await barSitsAtTheBottom('the dates step');
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(dayNextMonth(9)), exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('4 out of 4')).toBeVisible();
  await barSitsAtTheBottom('the preferences step');
});

test('a reload, Back and Forward return to the step the traveler was on, with every answer', async ({
  travelerPage: page,
}) => {
  await openWizard(page);
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  await page.getByRole('radio', { name: /4 days \/ 3 nights/ }).click();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  // Back to a step already answered: that is where the traveler is, not the first open one.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'How long would you like to trek?' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /4 days \/ 3 nights/ })).toBeChecked();

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  const start = dayNextMonth(14);
  await page.getByRole('button', { name: dayLabel(start), exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page
    .getByRole('radiogroup', { name: 'Number of travelers' })
    .getByText('3', { exact: true })
    .click();
  await page.getByRole('checkbox', { name: 'Spanish' }).check();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByText('3 out of 4')).toBeVisible();

  // Away inside the site and Back.
  await page.getByRole('button', { name: 'Ana, account menu' }).click();
  await page.getByRole('menuitem', { name: 'My projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  // Away to another page load and Back, then a reload.
  await page.goto(PATHS.landing);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start date' })).toContainText(
    String(start.getDate()).padStart(2, '0'),
  );

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Number of travelers' }).getByRole('radio', {
      name: '3',
      exact: true,
    }),
  ).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Spanish' })).toBeChecked();
});

test('the trek pictures line up across a row and show the tops of the mountains', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openWizard(page);
  const cards = page.getByRole('radiogroup', { name: 'Choose your trek' }).getByRole('radio');
  await expect(cards).toHaveCount(8);
  const rows = new Map<number, number[]>();
  for (const card of await cards.all()) {
    const [cardBox, imageBox] = [await card.boundingBox(), await card.locator('img').boundingBox()];
    expect(cardBox && imageBox).toBeTruthy();
    if (!cardBox || !imageBox) continue;
    const row = Math.round(cardBox.y);
    rows.set(row, [...(rows.get(row) ?? []), Math.round(imageBox.y - cardBox.y)]);
  }
  expect(rows.size).toBe(4);
  for (const [row, offsets] of rows)
    expect(new Set(offsets).size, `picture tops in the row at ${row} px: ${offsets}`).toBe(1);
  // Pictures are wider than their box is tall: the crop keeps the upper part, where the peaks are.
  const objectPosition = await cards
    .first()
    .locator('img')
    .evaluate((image) => getComputedStyle(image).objectPosition);
  const vertical = Number.parseFloat(objectPosition.split(' ')[1] ?? '50');
  expect(vertical, objectPosition).toBeLessThan(50);
});

test("the step indicator's circles stay in place from step to step", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWizard(page);
  const steps = page.getByRole('list', { name: 'Progress' }).locator('li[aria-hidden]');
  const places = async () =>
    page
      .getByRole('list', { name: 'Progress' })
      .locator('li:not([aria-hidden])')
      .evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect();
          return `${Math.round(box.x)}+${Math.round(box.width)}`;
        }),
      );
  await expect(steps).toHaveCount(3);
  const first = await places();
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  expect(await places(), 'on the duration step').toEqual(first);
  await page.getByRole('radio').first().click();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  expect(await places(), 'on the dates step').toEqual(first);
});

test('every step, the sign-in dialog and the success page pass axe at 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openWizard(page);
  await expect(page.getByText('1 out of 4')).toBeVisible();
  await expectNoAxeViolations(page, 'the trek step');
  await page.getByRole('radio', { name: 'Santa Cruz', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  await expectNoAxeViolations(page, 'the duration step');
  await page.getByRole('radio', { name: /3 days \/ 2 nights/ }).click();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  await expectNoAxeViolations(page, 'the dates step');
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(dayNextMonth(6)), exact: true }).click();
  await page.getByLabel("Yes / I'm flexible").check();
  await expectNoAxeViolations(page, 'the dates step, flexible');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('4 out of 4')).toBeVisible();
  await expectNoAxeViolations(page, 'the preferences step');
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Submit request' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await expectNoAxeViolations(page, 'the sign-in dialog with an error');

  await page.evaluate(() =>
    localStorage.setItem(
      'trek.createdProjectSummary',
      JSON.stringify({
        id: null,
        trek: 'Santa Cruz',
        dates: { start: '2099-03-06', end: '2099-03-08', flexible: true, flexibilityWindowDays: 1 },
        duration: '3 days / 2 nights',
        travelers: 2,
      }),
    ),
  );
  await page.goto(PATHS.projectSuccess);
  await expect(page.getByRole('heading', { name: 'Trek Request Submitted!' })).toBeVisible();
  await expect(page.getByText('Santa Cruz')).toBeVisible();
  await expectNoAxeViolations(page, 'the success page');
});

test('on a phone, where Back and Next stay in place, a double click moves one step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWizard(page);
  await completeWizardWithMouse(page);
  const back = page.getByRole('button', { name: 'Back', exact: true });
  await back.click();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  await back.click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).dblclick();
  await expect(page.getByRole('heading', { name: 'When would you like to trek?' })).toBeVisible();
  await expect(page.getByText('3 out of 4')).toBeVisible();
  await back.dblclick();
  await expect(page.getByText('2 out of 4')).toBeVisible();
});

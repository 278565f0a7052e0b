import type { Page } from '@playwright/test';
import { PATHS, SAVED_ANSWERS_COOKIE } from '@trek/shared/contract';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test('visitors see Sign In in the header and the full footer', async ({ page }) => {
  await page.goto('/landing');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'TrekPeru home' })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await header.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/trek/new');

  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('address')).toContainText('Cusco');
  await expect(footer.getByRole('link', { name: /^\+51/ })).toHaveAttribute('href', /^tel:/);
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  for (const social of ['Facebook', 'Instagram', 'YouTube', 'TikTok']) {
    await expect(footer.getByRole('link', { name: social })).toBeVisible();
  }
  const legal = await Promise.all(
    ['Privacy Policy', 'Terms of Service', 'Legal Notice'].map((name) =>
      footer.getByRole('link', { name }).getAttribute('href'),
    ),
  );
  expect(new Set(legal).size).toBe(1);
  await expect(footer).toContainText('© 2025');
});

test('signed-in travelers get a user menu that closes on an outside click', async ({
  travelerPage: page,
}) => {
  await page.goto('/landing');
  const menuButton = page.getByRole('button', { name: 'Ana, account menu' });
  await expect(menuButton).toContainText('A');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.getByRole('heading', { name: 'Welcome' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeHidden();

  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/u/settings');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeHidden();
});

test('a user menu whose code cannot be fetched keeps the page, says so, and opens on the next press', async ({
  travelerPage: page,
}) => {
  await page.goto('/landing');
  const menuButton = page.getByRole('button', { name: 'Ana, account menu' });
  await expect(menuButton).toBeVisible();
  // The page is loaded: what it fetches from now on is the menu's code, and the network is down.
  await page.route('**/static/js/async/**', (route) => route.abort('internetdisconnected'));

  await menuButton.click();
  await expect(page.getByText('Could not open the menu')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(menuButton).toBeFocused();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the landing page saying the menu could not open');

  await page.unroute('**/static/js/async/**');
  await menuButton.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My projects' })).toBeFocused();
});

test('on the create page the header gets a border after 10 px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 400 });
  await page.goto('/create-project');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header).not.toHaveAttribute('data-bordered');
  await page.mouse.wheel(0, 5);
  // Polled: the live page replacing the prerendered one may put the scroll back to the top.
  await scrollPageTo(page, 40);
  await expect(header).toHaveAttribute('data-bordered', 'true');
  // Each side of the 10 px, reached from the other state: each expectation waits for a change.
  await scrollPageTo(page, 9);
  await expect(header).not.toHaveAttribute('data-bordered');
  await scrollPageTo(page, 11);
  await expect(header).toHaveAttribute('data-bordered', 'true');
});

/** Scrolls the page to `y`, again if a render in between (the live page replacing the prerendered one) moved it. */
async function scrollPageTo(page: Page, y: number): Promise<void> {
  await expect
    .poll(async () => {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      return page.evaluate(() => window.scrollY);
    })
    .toBe(y);
}

test('a page loaded afresh opens at its top, not where the last page was left; a reload keeps its place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollPageTo(page, 400);
  // Typed in the address bar: another page, loaded afresh.
  await page.goto('/provider/apply');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await scrollPageTo(page, 300);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  // An address this tab has seen, opened afresh again: its top too.
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('Back returns to where the page was left, with the focus on its heading', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  // The live page has replaced the prerendered one (whose link would be detached under the
  // test's hands): the header's account area answers only after that first render.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  const create = page.getByRole('link', { name: 'Create Trek Request' });
  // Where the page is left: scrolled down, the link in view (a click scrolls to it first).
  await scrollPageTo(page, 500);
  await create.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await create.click();
  await expect(page).toHaveURL('/create-project');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(left);
});

test('a reload of a page whose content comes after its skeleton returns to where it was left', async ({
  travelerPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/u/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Security & Privacy' })).toBeVisible();
  await scrollPageTo(page, 600);
  // The sections' reads answer late: the skeletons are shorter than the page left.
  await page.route('**/api/user/settings', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Security & Privacy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
});

test("Log out forgets the account's requests in this browser: the next person sees neither the last one sent nor one unsent", async ({
  travelerPage: page,
}) => {
  // The seeded session must outlive this test: the API's answer is stood in for, the browser's
  // part of signing out is what is tried here (the API's is in its own tests).
  await page.route('**/api/auth/logout', (route) => route.fulfill({ json: { success: true } }));
  await page.route('https://trekperu.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>TrekPeru marketing home</h1>' }),
  );
  await page.goto(PATHS.createProject);
  await page.getByRole('radio', { name: 'Lares', exact: true }).click();
  await expect(page.getByText('2 out of 4')).toBeVisible();
  const summary = JSON.stringify({
    id: null,
    trek: 'Salkantay',
    dates: { start: '', end: '', flexible: false, flexibilityWindowDays: null },
    duration: '5 days / 4 nights',
    travelers: 2,
  });
  await page.evaluate(
    (value) => localStorage.setItem('trek.createdProjectSummary', value),
    summary,
  );
  await page.goto(PATHS.projectSuccess);
  await expect(page.getByRole('heading', { name: 'Trek Request Submitted!' })).toBeVisible();

  await page.getByRole('button', { name: 'Ana, account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'TrekPeru marketing home' })).toBeVisible();

  // Back on the site (the session stood in for is still there): no summary, no saved answers.
  await page.goto(PATHS.projectSuccess);
  await expect(page).toHaveURL(PATHS.createProject);
  await expect(page.getByText('1 out of 4')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Lares', exact: true })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  expect(await page.context().cookies()).not.toContainEqual(
    expect.objectContaining({ name: SAVED_ANSWERS_COOKIE }),
  );
});

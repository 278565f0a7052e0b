import type { Browser, Page } from '@playwright/test';
import { PATHS, SAVED_ANSWERS_COOKIE } from '@trek/shared/contract';
import { expect, test } from '../support/fixtures';
import { BASE_URL } from '../support/suite-env';

/** `path` as the server sends it, with JavaScript off, at the same size and with the same cookies as `page`. */
async function withoutScripts(browser: Browser, page: Page, path: string) {
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: BASE_URL,
    viewport: page.viewportSize() ?? { width: 1280, height: 720 },
  });
  await noScripts.addCookies(await page.context().cookies());
  const bare = await noScripts.newPage();
  await bare.goto(path);
  return { bare, noScripts };
}

/**
 * The host's server reads a remote's markup in the background, like its manifest: the first
 * answer after the suite starts may come without it.
 */
async function remoteMarkupKnown(page: Page) {
  await expect
    .poll(async () =>
      (await (await page.request.get(PATHS.createProject)).text()).includes(
        'data-prerendered-page',
      ),
    )
    .toBe(true);
}

test('/landing shows its content before any script runs, and the same page once they have', async ({
  browser,
  page,
}) => {
  const { bare, noScripts } = await withoutScripts(browser, page, PATHS.landing);
  await expect(bare).toHaveTitle('Welcome | TrekPeru');
  await expect(bare.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(bare.getByRole('link', { name: 'Create Trek Request' })).toBeVisible();
  const card = bare.getByRole('heading', { name: 'Expert Local Guides' });
  await expect(card).toBeVisible();
  const before = await card.boundingBox();
  await noScripts.close();

  await page.goto(PATHS.landing);
  // The header's Sign In link is the scripts' work: the markup sent holds its placeholder.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle('Welcome | TrekPeru');
  expect(await page.getByRole('heading', { name: 'Expert Local Guides' }).boundingBox()).toEqual(
    before,
  );
});

test('a page whose code and data come later shows the site around its loading skeleton before any script runs', async ({
  browser,
  page,
}) => {
  // Answers saved in this browser: the wizard resumes at their step, so the server sends the
  // frame around the skeleton, not the first step (which it has: see the next test).
  await remoteMarkupKnown(page);
  await page
    .context()
    .addCookies([{ name: SAVED_ANSWERS_COOKIE, value: '1', url: BASE_URL, sameSite: 'Lax' }]);
  const { bare, noScripts } = await withoutScripts(browser, page, PATHS.createProject);
  await expect(bare).toHaveTitle('TrekPeru');
  const home = (on: typeof page) =>
    on.getByRole('banner').getByRole('link', { name: 'TrekPeru home' });
  await expect(home(bare)).toBeVisible();
  const logoBefore = await home(bare).boundingBox();
  await expect(bare.getByRole('main').getByRole('status')).toHaveText('Loading…');
  await expect(bare.getByText('Choose your trek')).toHaveCount(0);
  await expect(bare.getByRole('contentinfo')).toBeVisible();
  await noScripts.close();

  await page.goto(PATHS.createProject);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your trek request' }),
  ).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(page).toHaveTitle('Create your trek request | TrekPeru');
  // The frame the scripts render is the one that was on screen.
  expect(await home(page).boundingBox()).toEqual(logoBefore);
  // Nothing was saved after all (the flag outlived its answers): the flag goes.
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
    .not.toContain(SAVED_ANSWERS_COOKIE);
});

test("the wizard's first step, the remote's own markup, shows before any script runs, inert, and stays in place once the scripts run", async ({
  browser,
  page,
}) => {
  await remoteMarkupKnown(page);
  const { bare, noScripts } = await withoutScripts(browser, page, PATHS.createProject);
  await expect(bare).toHaveTitle('Create your trek request | TrekPeru');
  await expect(bare.getByText('Choose your trek')).toBeVisible();
  // The markup is inert: a screen reader hears that the page is still loading.
  await expect(bare.getByRole('main').getByRole('status')).toHaveText('Loading…');
  const card = bare.getByText('Salkantay', { exact: true });
  await expect(card).toBeVisible();
  const cardBefore = await card.boundingBox();
  // Nothing in it works before the scripts: it cannot be chosen, not even by the keyboard.
  await expect(bare.locator('[data-prerendered-page]')).toHaveAttribute('inert', '');
  await noScripts.close();

  await page.goto(PATHS.createProject);
  // The inert markup has the same radios: the scripts' page is the one once that markup is gone.
  await expect(page.locator('[data-prerendered-page]')).toHaveCount(0);
  const salkantay = page.getByRole('radio', { name: 'Salkantay', exact: true });
  await expect(salkantay).toBeVisible();
  expect(await page.getByText('Salkantay', { exact: true }).boundingBox()).toEqual(cardBefore);

  // Once answers are saved, the next page comes without the first step.
  await salkantay.click();
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
    .toContain(SAVED_ANSWERS_COOKIE);
  // Moved on to the duration step: a reload opens the step the traveler is on.
  await expect(
    page.getByRole('heading', { name: 'How long would you like to trek?' }),
  ).toBeFocused();
  const again = await page.reload();
  expect(await again?.text()).not.toContain('data-prerendered-page');
  await expect(
    page.getByRole('heading', { name: 'How long would you like to trek?' }),
  ).toBeVisible();
});

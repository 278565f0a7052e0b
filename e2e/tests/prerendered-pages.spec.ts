import type { Browser, Page } from '@playwright/test';
import { PATHS } from '@trek/shared/contract';
import { expect, test } from '../support/fixtures';
import { BASE_URL } from '../support/suite-env';

/** `path` as the server sends it, with JavaScript off, at the same size as `page`. */
async function withoutScripts(browser: Browser, page: Page, path: string) {
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: BASE_URL,
    viewport: page.viewportSize() ?? { width: 1280, height: 720 },
  });
  const bare = await noScripts.newPage();
  await bare.goto(path);
  return { bare, noScripts };
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
  const { bare, noScripts } = await withoutScripts(browser, page, PATHS.createProject);
  await expect(bare).toHaveTitle('TrekPeru');
  const home = (on: typeof page) =>
    on.getByRole('banner').getByRole('link', { name: 'TrekPeru home' });
  await expect(home(bare)).toBeVisible();
  const logoBefore = await home(bare).boundingBox();
  await expect(bare.getByRole('main').getByRole('status')).toHaveText('Loading…');
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
});

import { type BrowserContext, type Page, request as playwrightRequest } from '@playwright/test';
import { PATHS } from '@trek/shared/contract';
import { expect, test } from '../support/fixtures';
import { createProject } from '../support/projects';
import { seededSession, signIn } from '../support/sessions';
import { BASE_URL, E2E_PORTS } from '../support/suite-env';
import { completeWizardWithMouse } from '../support/wizard';

/**
 * Every page of the route table as a concrete URL (`:id` a project of the signed-in traveler's,
 * so the projects pages show it), plus one the table does not know.
 */
const pagesFor = (projectId: string) => [
  ...Object.values(PATHS).map((pattern) => pattern.replace(':id', projectId)),
  '/no/such/trail',
];

/** What a page shows when its remote failed to load or crashed, instead of its content. */
const FALLBACKS = /This page could not be loaded|This page stopped working|Something went wrong/;

const REMOTE_ORIGINS = [
  E2E_PORTS.WIZARD_PORT,
  E2E_PORTS.PROJECTS_PORT,
  E2E_PORTS.ACCOUNT_PORT,
  E2E_PORTS.ADMIN_PORT,
].map((port) => `http://localhost:${port}`);

/**
 * Collects every Content-Security-Policy violation of the context's pages: the DOM's
 * securitypolicyviolation events and Chromium's console reports.
 */
async function recordViolations(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (
      /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())
    ) {
      fromConsole.push(message.text());
    }
  });
  return async () => {
    // A frame, so events raised while the page settled have been dispatched; or 500 ms, as
    // headless Chromium now and then gives a page no frames at all (see support/axe.ts).
    const fromEvents = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const read = () =>
            resolve((window as unknown as { __cspViolations: string[] }).__cspViolations);
          requestAnimationFrame(() => setTimeout(read));
          setTimeout(read, 500);
        }),
    );
    return [...fromEvents, ...fromConsole];
  };
}

for (const as of ['visitor', 'traveler', 'admin'] as const) {
  test(`no page breaks its Content-Security-Policy for ${as === 'visitor' ? 'a visitor' : `the ${as}`}`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    if (as !== 'visitor') await signIn(context, as);
    // A project of the traveler's: the traveler sees its pages, the others their refusals.
    const { cookieName, token } = seededSession('traveler');
    const traveler = await playwrightRequest.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { cookie: `${cookieName}=${token}` },
    });
    const project = await createProject(traveler, { trek: 'Lares' });
    await traveler.dispose();
    const violations = await recordViolations(context, page);
    const accountControl =
      as === 'visitor'
        ? page.getByRole('banner').getByRole('link', { name: 'Sign In' })
        : page.getByRole('banner').getByRole('button', { name: /account menu$/ });
    for (const path of pagesFor(project.id)) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect(heading, path).toBeVisible();
      // The header's account control is the scripts' work (the markup sent holds a placeholder,
      // and a prerendered page shows its heading before any script runs): what is counted below
      // is this page's own.
      await expect(accountControl, path).toBeVisible();
      // Loaded, not a skeleton: a page keeps a (hidden) h1 while it reads its data.
      await expect(page.getByRole('main').locator('[aria-busy="true"]'), path).toHaveCount(0);
      // The page's own content, not a fallback in its place.
      await expect(page.getByRole('main'), path).not.toContainText(FALLBACKS);
      expect(await violations(), path).toEqual([]);
    }
  });
}

test('the request wizard, its lazy steps and the user menu stay within the policy', async ({
  travelerPage: page,
  context,
}) => {
  const violations = await recordViolations(context, page);
  await page.goto('/create-project');
  await completeWizardWithMouse(page);
  await page.getByRole('button', { name: 'Ana, account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the projects pages, their dialogs and the edit page's lazy calendar stay within the policy", async ({
  travelerPage: page,
  context,
}) => {
  const violations = await recordViolations(context, page);
  const project = await createProject(page.request, { trek: 'Lares' });
  await page.goto('/u/projects');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto(`/u/projects/${project.id}`);
  await page.getByRole('button', { name: 'Cancel project' }).click();
  await page.getByRole('button', { name: 'Keep project' }).click();
  await page.getByRole('link', { name: 'Modify project' }).click();
  await page.getByRole('button', { name: 'Edit dates' }).click();
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'My dates are flexible' }).check();
  await page.getByRole('button', { name: 'Review & Confirm' }).click();
  await page.getByRole('button', { name: 'Back to editing' }).click();
  await page.getByRole('link', { name: 'Back to project' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the admin's guide page, its toasts and its search stay within the policy", async ({
  adminPage: page,
  context,
}) => {
  test.setTimeout(60_000);
  const violations = await recordViolations(context, page);
  await page.goto('/admin/guides');
  await expect(page.getByRole('heading', { level: 1, name: 'Guide management' })).toBeVisible();
  const nameField = page.getByRole('textbox', { name: 'Name' });
  for (let i = 0; i < 7; i += 1) {
    const name = `Policy Guide ${Date.now()}-${i}`;
    await nameField.fill(name);
    await page.getByRole('textbox', { name: 'Zones' }).fill('Cusco, Lares');
    await page.getByRole('button', { name: 'Create guide' }).click();
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    await expect(nameField).toHaveValue('');
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Guide created' })).toBeVisible();
  const firstSwitch = page.getByRole('switch', { name: /^Active for / }).first();
  await firstSwitch.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Guide updated' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Copy join code for / })
    .first()
    .click();
  await expect(page.getByRole('alert').filter({ hasText: /Copied!|Failed to copy/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search guides' }).fill('lares');
  // The status filter's radios are drawn by their labels.
  await page.getByRole('search').getByText('Inactive', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Inactive' })).toBeChecked();
  await expect(page.getByText(/^Showing \d+ of \d+ guides$/)).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the policy is enforced: an inline script or an unsigned style element is refused', async ({
  page,
  context,
}) => {
  const violations = await recordViolations(context, page);
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { background: red; }';
    document.head.append(style);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
  });
  expect(ran).toBe(false);
  const seen = await violations();
  expect(seen.some((v) => v.startsWith('script-src'))).toBe(true);
  expect(seen.some((v) => v.startsWith('style-src'))).toBe(true);
});

test("the host's pages send the security headers, built from the remote map", async ({
  request,
}) => {
  const response = await request.get('/u/settings');
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  const directive = (name: string) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([directiveName]) => directiveName === name)
      ?.slice(1);
  expect(directive('script-src')).toEqual(["'self'", ...REMOTE_ORIGINS]);
  expect(directive('connect-src')).toEqual(["'self'", ...REMOTE_ORIGINS]);
  expect(directive('frame-ancestors')).toEqual(["'none'"]);
  expect(directive('object-src')).toEqual(["'none'"]);
  expect(directive('base-uri')).toEqual(["'self'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The suite runs in development on plain HTTP: HSTS is for production.
  expect(headers['strict-transport-security']).toBeUndefined();
});

test('no other site can frame the settings page', async ({ travelerPage: page }) => {
  // Another origin (the wizard's server) embedding the site's settings page.
  await page.goto(`http://localhost:${E2E_PORTS.WIZARD_PORT}/mf-manifest.json`);
  await page.setContent(`<iframe title="framed" src="${BASE_URL}/u/settings"></iframe>`);
  // Chromium refuses to render it and shows its own error page in the frame instead.
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame !== page.mainFrame())
        ?.url(),
    )
    .toBe('chrome-error://chromewebdata/');
  await expect(
    page.frameLocator('iframe[title="framed"]').getByRole('heading', { name: 'Account settings' }),
  ).toHaveCount(0);
});

test("the API's answers through the site carry the same protections", async ({ request }) => {
  const json = await request.get('/api/auth/user');
  expect(json.status()).toBe(401);
  const redirect = await request.get('/api/login', { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const page = await request.get('/api/auth/magic-link?token=not-a-real-token');
  expect(page.headers()['content-type']).toContain('text/html');
  for (const response of [json, redirect, page]) {
    const headers = response.headers();
    expect(headers['content-security-policy'], response.url()).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['permissions-policy']).toContain('geolocation=()');
    expect(headers['x-frame-options']).toBeDefined();
    expect(headers['referrer-policy']).toBeDefined();
  }
});

test("the settings page's dialogs, a photo's preview and the uploaded photo stay within the policy", async ({
  travelerPage: page,
  context,
}) => {
  const violations = await recordViolations(context, page);
  await page.goto('/u/settings');
  await page.getByRole('button', { name: /^(Add a photo|Change photo)$/ }).click();
  const photo = page.getByRole('dialog', { name: 'Profile photo' });
  await photo.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    // A 1×1 PNG: shown from a blob: URL first, then from the API under the site's origin.
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(photo.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await photo.getByRole('button', { name: 'Upload photo' }).click();
  await expect(photo.getByText('Your new profile photo is saved.')).toBeVisible();
  await photo.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Unlink Magic link' }).focus();
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations()).toEqual([]);
});

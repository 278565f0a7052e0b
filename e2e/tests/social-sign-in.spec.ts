import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMagicLink } from '../support/mailbox';
import { signInNewTraveler } from '../support/projects';
import { BASE_URL, FACEBOOK_FIRST_ADMIN_EMAIL, TRAVELER_EMAIL } from '../support/suite-env';
import { completeWizardWithMouse } from '../support/wizard';

// Facebook is the Graph API test server over HTTPS with a self-signed certificate: the API
// trusts it (NODE_EXTRA_CA_CERTS), the browser is told to accept it.
test.use({ ignoreHTTPSErrors: true });

/** At the test provider's sign-in screen (Google), sign in as one of its accounts. */
async function signInAtProvider(page: Page, account: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** At the Facebook test server's login dialog, log in as one of its accounts. */
async function logInAtFacebook(page: Page, account: string) {
  await expect(
    page.getByRole('heading', { name: 'Log in to the Facebook test server' }),
  ).toBeVisible();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('signing in with Google from /sign-in lands on My Projects', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, 'rosa-google');
  await expect(page).toHaveURL(/\/u\/projects/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rosa, account menu' })).toBeVisible();
});

test("from the wizard's modal, the saved request is created once and the address is cleaned", async ({
  page,
}) => {
  await page.goto('/create-project');
  await completeWizardWithMouse(page, {
    trek: 'Santa Cruz',
    duration: '4 days / 3 nights',
    day: 11,
  });
  await page.getByRole('button', { name: 'Submit request' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, 'wizard-google');
  await expect(page).toHaveURL('/project-success');
  await expect(page.getByText('Santa Cruz')).toBeVisible();
  const list = (await (await page.request.get('/api/projects')).json()) as Array<{
    destination: string;
  }>;
  expect(list.map((p) => p.destination)).toEqual(['Santa Cruz']);
  await page.goBack();
  await expect(page).not.toHaveURL(/auth=success|formData=/);
});

test("a link to the wizard's sign-in return sends nothing and keeps the traveler's own answers", async ({
  browser,
}) => {
  // Signed in, with answers saved in this browser but never submitted.
  const page = await signInNewTraveler(browser, 'forged.return@example.com');
  await page.goto('/create-project');
  await completeWizardWithMouse(page, { trek: 'Santa Cruz', duration: '4 days / 3 nights' });
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/projects')) {
      creates.push(request.url());
    }
  });
  // What another site links to: the return of a sign-in this browser never asked for.
  const forged = Buffer.from(
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
      travelers: 9,
      languages: ['english'],
      utm: { source: '', medium: '', campaign: '' },
    }),
  ).toString('base64');
  await page.goto(`/create-project?auth=success&formData=${encodeURIComponent(forged)}`);
  await expect(page).toHaveURL('/create-project');
  await expect(page.getByRole('button', { name: 'Submit request' })).toBeEnabled();
  expect(creates).toEqual([]);
  expect(await (await page.request.get('/api/projects')).json()).toEqual([]);
  const saved = await page.evaluate(() => localStorage.getItem('trek.wizardFormData'));
  expect(JSON.parse(saved ?? '{}')).toMatchObject({ trek: 'Santa Cruz', travelers: 1 });
  await page.context().close();
});

test("the header's Sign In with Google leads to My Projects and sends no saved request", async ({
  page,
}) => {
  await page.goto('/create-project');
  await completeWizardWithMouse(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog', { name: 'Sign in' })
    .getByRole('button', { name: 'Continue with Google' })
    .click();
  await signInAtProvider(page, 'header-sign-in-google');
  await expect(page).toHaveURL(/\/u\/projects/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  expect(await (await page.request.get('/api/projects')).json()).toEqual([]);
});

test('a provider account without e-mail gets "Email required" and goes to settings', async ({
  page,
}) => {
  await page.goto('/create-project');
  await completeWizardWithMouse(page);
  await page.getByRole('button', { name: 'Submit request' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Facebook' }).click();
  await logInAtFacebook(page, 'nomail-facebook');
  await expect(page.getByRole('alert').filter({ hasText: 'Email required' })).toBeVisible();
  await expect(page).toHaveURL('/u/settings', { timeout: 5000 });
});

test('an e-mail that belongs to another account is linked only after the owner proves it', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await logInAtFacebook(page, 'owner-facebook');
  await expect(page).toHaveURL(/\/auth\/conflict\?/);
  await expect(
    page.getByRole('heading', { name: 'Account found with a different sign-in method' }),
  ).toBeVisible();
  await expect(page.getByLabel(/Email/)).toHaveValue(TRAVELER_EMAIL);
  await page.getByRole('button', { name: 'Send verification link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  const link = await waitForMagicLink(TRAVELER_EMAIL);
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/u\/projects/);
  const methods = (await (await page.request.get('/api/auth/methods')).json()) as {
    facebook: { connected: boolean };
  };
  expect(methods.facebook.connected).toBe(true);

  // Facebook now signs the owner in directly, in a fresh browser.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await logInAtFacebook(page, 'owner-facebook');
  await expect(page.getByRole('button', { name: 'Ana, account menu' })).toBeVisible();
});

test('Facebook vouches for no e-mail: its account gets no admin rights, and a magic link to the address takes it back', async ({
  page,
  browser,
}) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await logInAtFacebook(page, 'claims-admin-facebook');
  await expect(page.getByRole('button', { name: 'Mallory, account menu' })).toBeVisible();
  expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({
    email: FACEBOOK_FIRST_ADMIN_EMAIL,
    isAdmin: false,
    providers: [{ provider: 'facebook' }],
  });

  // The address's owner signs in with a magic link in a browser of their own.
  const owner = await signInNewTraveler(browser, FACEBOOK_FIRST_ADMIN_EMAIL);
  expect(await (await owner.request.get('/api/auth/user')).json()).toMatchObject({
    isAdmin: true,
    providers: [{ provider: 'magic_link' }],
  });
  await owner.context().close();
  // The Facebook sign-in lost the account, and its session with it.
  await page.reload();
  // The header has answered (its placeholder would hide the menu too): a visitor's Sign In.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mallory, account menu' })).toBeHidden();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('cancelling at Facebook signs nobody in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await expect(
    page.getByRole('heading', { name: 'Log in to the Facebook test server' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/sign-in?error=access_denied');
  await expect(page.getByRole('alert')).toContainText('Sign-in was cancelled');
});

test("signing out of all devices ends a second browser's session", async ({ page, browser }) => {
  const other = await browser.newPage();
  for (const p of [page, other]) {
    await p.goto(`${BASE_URL}/sign-in`);
    await p.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(p, 'devices-google');
    await expect(p.getByRole('button', { name: 'Eva, account menu' })).toBeVisible();
  }
  const res = await page.request.post('/api/auth/logout-all-devices');
  expect(await res.json()).toMatchObject({ success: true, endedSessions: 1 });
  await other.reload();
  await expect(other).toHaveURL(/\/sign-in\?returnTo=/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Eva, account menu' })).toBeVisible();
  await other.close();
});

test('a forged state and an off-site returnTo are refused', async ({ page }) => {
  await page.goto('/auth/google/callback?code=stolen&state=forged');
  await expect(page).toHaveURL('/sign-in?error=invalid_state');
  await expect(page.getByRole('alert')).toContainText('expired or was not started here');

  await page.goto('/auth/google?returnTo=https://evil.example/steal');
  await signInAtProvider(page, 'offsite-google');
  await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/u/projects`));
});

test('cancelling at the provider signs nobody in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/sign-in?error=access_denied');
  await expect(page.getByRole('alert')).toContainText('Sign-in was cancelled');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('Log out in the user menu ends the session and goes to the marketing site', async ({
  page,
}) => {
  // The marketing site is another product; here a stand-in page answers for it.
  await page.route('https://trekperu.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>TrekPeru marketing home</h1>' }),
  );
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, 'logout-google');
  await page.getByRole('button', { name: 'Teo, account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'TrekPeru marketing home' })).toBeVisible();
  await page.goto(`${BASE_URL}/landing`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.request.get(`${BASE_URL}/api/auth/user`)).status()).toBe(401);
});

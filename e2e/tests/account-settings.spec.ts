import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { receivedMailContaining, waitForLink } from '../support/mailbox';
import { completeWizardWithMouse } from '../support/wizard';

// The Facebook stand-in of the TEMPORARY_EMAIL journey serves HTTPS with a self-signed
// certificate: the API trusts it (NODE_EXTRA_CA_CERTS), the browser is told to here.
test.use({ ignoreHTTPSErrors: true });

/** A real 1×1 PNG: what a browser shows, and what the API's type check reads. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const EMAIL_CHANGE_LINK = /https?:\/\/\S+\/api\/user\/email-change\/confirm\?token=[\w-]+/;
const EXPORT_LINK = /https?:\/\/\S+\/api\/user\/export-data\/[0-9a-f-]{36}/;
const MAGIC_LINK = /https?:\/\/\S+\/api\/auth\/magic-link\?token=[\w-]+/;

/** A new traveler, signed in by following a magic link, landing on the settings page. */
async function signUp(page: Page, email: string, firstName: string) {
  const res = await page.request.post('/api/auth/request-magic-link', {
    data: { email, firstName, lastName: 'Tester', redirectTo: '/u/settings' },
  });
  expect(res.status()).toBe(200);
  const { magicLink } = (await res.json()) as { magicLink: string };
  await page.goto(magicLink);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
}

/** At the test provider's sign-in screen, sign in as one of its accounts. */
async function signInAtProvider(page: Page, account: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** At the Facebook test server's login dialog (a Graph API stand-in), log in as one of its accounts. */
async function logInAtFacebook(page: Page, account: string) {
  await expect(
    page.getByRole('heading', { name: 'Log in to the Facebook test server' }),
  ).toBeVisible();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const section = (page: Page, name: string) => page.getByRole('region', { name });

test('the whole settings page: profile, notifications, other devices and a data export', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, 'settings.all@example.com', 'Sol');
  for (const name of ['Account', 'Sign-in Methods', 'Notifications', 'Security & Privacy']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // Display name: edit, save, back to the view; kept after a reload.
  await page.getByRole('button', { name: 'Edit display name' }).click();
  await expect(page.getByRole('textbox', { name: 'Display name' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Display name' }).fill('Sol of Cusco');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit display name' })).toBeFocused();

  // A switch is saved on its own and stays as chosen.
  const newsletters = page.getByRole('switch', { name: /Newsletters/ });
  await expect(newsletters).not.toBeChecked();
  await newsletters.check();
  await expect(toast(page, 'Settings updated successfully')).toBeVisible();
  await expect(page.getByRole('switch', { name: /Project updates/ })).toBeDisabled();
  await page.reload();
  await expect(page.getByText('Sol of Cusco')).toBeVisible();
  await expect(page.getByRole('switch', { name: /Newsletters/ })).toBeChecked();

  // Another device, then signing it out from here.
  const other = await page.context().browser()?.newContext();
  const phone = await other?.newPage();
  if (!other || !phone) throw new Error('no second browser');
  await signUp(phone, 'settings.all@example.com', 'Sol');
  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  const signOut = page.getByRole('dialog', { name: 'Sign out of all other devices?' });
  await expect(signOut).toBeVisible();
  await expectNoAxeViolations(page);
  await signOut.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(
    toast(page, 'Signed out from all other devices. Your current session remains active.'),
  ).toBeVisible();
  await phone.reload();
  await expect(phone).toHaveURL(/\/sign-in\?returnTo=/);
  await other.close();

  // The export: answered at once, the link comes by e-mail, the file is the owner's data.
  const since = Date.now();
  await page.getByRole('button', { name: 'Export my data' }).click();
  await expect(toast(page, "We'll email you a download link within 24 hours")).toBeVisible();
  const link = await waitForLink('settings.all@example.com', EXPORT_LINK, { since });
  const download = await page.request.get(link);
  expect(download.headers()['content-disposition']).toMatch(
    /^attachment; filename="trekperu-data-/,
  );
  const data = (await download.json()) as {
    profile: { email: string; displayName: string };
    settings: { newsletters: boolean };
  };
  expect(data.profile).toMatchObject({
    email: 'settings.all@example.com',
    displayName: 'Sol of Cusco',
  });
  expect(data.settings.newsletters).toBe(true);
  // Someone else, or nobody, cannot have it.
  const stranger = await page.context().browser()?.newContext();
  const visitor = await stranger?.request.get(link, { maxRedirects: 0 });
  expect(visitor?.status()).toBe(302);
  await stranger?.close();
});

test('a save after the session ended says so, and signing in again comes back to settings', async ({
  page,
  browser,
}) => {
  const email = `settings-ended-${Date.now()}@example.com`;
  await signUp(page, email, 'Rumi');
  // Signed out from elsewhere: the same traveler, signed in a second browser, ends every session.
  const other = await browser.newContext();
  try {
    const res = await other.request.post('/api/auth/request-magic-link', {
      data: { email, firstName: 'Rumi', lastName: 'Tester', redirectTo: '/u/settings' },
    });
    expect(res.status()).toBe(200);
    const { magicLink } = (await res.json()) as { magicLink: string };
    const otherPage = await other.newPage();
    await otherPage.goto(magicLink);
    await otherPage.getByRole('button', { name: 'Continue' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await otherPage.getByRole('button', { name: 'Sign out other devices' }).click();
    await otherPage
      .getByRole('dialog', { name: 'Sign out of all other devices?' })
      .getByRole('button', { name: 'Sign out other devices' })
      .click();
    await expect(otherPage.getByText(/Signed out from all other devices/)).toBeVisible();
  } finally {
    await other.close();
  }

  await page.getByRole('button', { name: 'Edit display name' }).click();
  await page.getByRole('textbox', { name: 'Display name' }).fill('Rumi of Puno');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fu%2Fsettings$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a double click asks for one data export, and the busy button keeps the focus', async ({
  page,
}) => {
  await signUp(page, 'settings.double@example.com', 'Dora');
  const exports: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/user/export-data'))
      exports.push(request.url());
  });
  await page.route('**/api/user/export-data', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const exportButton = page.getByRole('button', { name: 'Export my data' });
  await exportButton.dblclick();
  await expect(exportButton).toBeFocused();
  await expect(exportButton).toHaveAttribute('aria-disabled', 'true');
  await expect(toast(page, "We'll email you a download link within 24 hours")).toBeVisible();
  await expect(exportButton).toBeFocused();
  expect(exports).toHaveLength(1);
});

test('at 390 px the page fits the screen, and works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, 'settings.mobile@example.com', 'Mia');
  await expect(page.getByRole('heading', { level: 2, name: 'Security & Privacy' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  // The page lines up with the header: its heading starts where the logo does.
  const [logo, heading] = [
    await page.getByRole('banner').getByRole('link', { name: 'TrekPeru home' }).boundingBox(),
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).boundingBox(),
  ];
  expect(heading?.x).toBe(logo?.x);
  await expectNoAxeViolations(page);

  // The delete dialog by keyboard: focus moves in, Escape closes it, focus comes back.
  const trigger = page.getByRole('button', { name: 'Delete account' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('textbox', { name: 'Type DELETE to confirm' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('a photo chosen by keyboard is uploaded and shown in the header without a reload', async ({
  page,
}) => {
  await signUp(page, 'settings.photo@example.com', 'Pia');
  // The header's avatar (its image is decorative: the menu button names the account).
  const avatar = page.getByRole('button', { name: 'Pia, account menu' }).locator('img');
  await expect(avatar).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile photo' });
  const zone = dialog.getByRole('button', { name: /Choose a photo/ });
  await zone.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Upload photo' }).click();
  await expect(dialog.getByText('Your new profile photo is saved.')).toBeVisible();
  await expect(toast(page, 'Profile photo updated successfully')).toBeVisible();

  // The header's avatar shows it at once, served by the site with its real type.
  await expect(avatar).toHaveAttribute('src', /^\/api\/profile-images\/[0-9a-f-]{36}\.png$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  const src = (await avatar.getAttribute('src')) ?? '';
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(
    page
      .getByRole('button', { name: 'Add a photo' })
      .or(page.getByRole('button', { name: 'Change photo' })),
  ).toBeFocused();

  // A file that is not an image is refused in the dialog, before any upload.
  await page.getByRole('button', { name: 'Change photo' }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toast(page, 'Failed to upload notes.txt')).toBeVisible();
});

test('an e-mail change is made by following the link the new address receives', async ({
  page,
}) => {
  await signUp(page, 'settings.before@example.com', 'Eli');
  const since = Date.now();
  await page.getByRole('button', { name: 'Edit email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('settings.after@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Check your email')).toBeVisible();
  await expect(page.getByText('Confirm your new email address', { exact: true })).toBeVisible();
  await expect(section(page, 'Account').getByText('settings.before@example.com')).toBeVisible();

  const link = await waitForLink('settings.after@example.com', EMAIL_CHANGE_LINK, { since });
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page).toHaveURL('/u/settings');
  await expect(toast(page, 'Email address updated')).toBeVisible();
  await expect(section(page, 'Account').getByText('settings.after@example.com')).toBeVisible();
  await expect(page.getByText('Confirm your new email address', { exact: true })).toBeHidden();
  expect(
    receivedMailContaining('settings.before@example.com', 'settings.after@example.com', since),
  ).toBe(true);
});

test('a Google-linked account unlinks the magic link, then links it back', async ({ page }) => {
  await signUp(page, 'linker@example.com', 'Lia');
  const methods = section(page, 'Sign-in Methods');

  await methods.getByRole('link', { name: 'Link Google' }).click();
  await signInAtProvider(page, 'linker-google');
  await expect(page).toHaveURL('/u/settings');
  await expect(toast(page, 'Account linked')).toBeVisible();
  await expect(methods.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();

  await methods.getByRole('button', { name: 'Unlink Magic link' }).click();
  await expect(page.getByRole('dialog', { name: 'Unlink Magic link?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('dialog', { name: 'Unlink Magic link?' })
    .getByRole('button', { name: 'Unlink' })
    .click();
  await expect(
    toast(page, 'Your Magic link account has been successfully unlinked.'),
  ).toBeVisible();
  // The dialog's opener is gone: focus is on what took its place, not on <body>.
  await expect(methods.getByRole('button', { name: 'Link Magic link' })).toBeFocused();
  // Google is now the only method: it cannot go.
  await expect(methods.getByRole('button', { name: 'Unlink Google' })).toBeDisabled();
  await expect(methods.getByText('You cannot remove your only sign-in method.')).toBeVisible();
  const refused = await page.request.post('/api/auth/unlink', { data: { provider: 'google' } });
  expect(refused.status()).toBe(409);

  // Back: a sign-in link to the account's address adds the magic link again.
  const since = Date.now();
  await methods.getByRole('button', { name: 'Link Magic link' }).click();
  await expect(toast(page, 'We sent a sign-in link to linker@example.com')).toBeVisible();
  await page.goto(await waitForLink('linker@example.com', MAGIC_LINK, { since }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/u/settings');
  await expect(methods.getByRole('button', { name: 'Unlink Magic link' })).toBeEnabled();
  await expect(methods.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
});

test('cancelling at the provider while linking Google comes back to settings, signed in', async ({
  page,
}) => {
  await signUp(page, 'link.cancel@example.com', 'Cai');
  const methods = section(page, 'Sign-in Methods');

  await methods.getByRole('link', { name: 'Link Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/u/settings');
  await expect(toast(page, 'Linking cancelled')).toBeVisible();
  await expect(toast(page, 'Nothing was connected.')).toBeVisible();
  await expect(methods.getByRole('link', { name: 'Link Google' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
});

test('TEMPORARY_EMAIL: from the wizard to settings, a real e-mail, and back to a created request', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/create-project');
  await completeWizardWithMouse(page, { trek: 'Colca Canyon', duration: '3 days / 2 nights' });
  await page.getByRole('button', { name: 'Submit request' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Facebook' }).click();
  await logInAtFacebook(page, 'settings-nomail-facebook');
  await expect(toast(page, 'Email required')).toBeVisible();
  await expect(page).toHaveURL('/u/settings');
  await expect(page.getByText('Email address required')).toBeVisible();

  const since = Date.now();
  await page.getByRole('button', { name: 'Edit email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('nico.real@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Check your email')).toBeVisible();
  await page.goto(await waitForLink('nico.real@example.com', EMAIL_CHANGE_LINK, { since }));
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page).toHaveURL('/u/settings');
  await expect(page.getByText('Email address required')).toBeHidden();
  await expect(section(page, 'Account').getByText('nico.real@example.com')).toBeVisible();

  await page.getByRole('link', { name: 'Send my trek request' }).click();
  await expect(page).toHaveURL('/project-success');
  await expect(page.getByText('Colca Canyon')).toBeVisible();
  const list = (await (await page.request.get('/api/projects')).json()) as Array<{
    destination: string;
  }>;
  expect(list.map((p) => p.destination)).toEqual(['Colca Canyon']);
});

test('deleting the account needs DELETE typed, then signs out and goes to /', async ({ page }) => {
  await signUp(page, 'settings.leaving@example.com', 'Leo');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('delete');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
  await confirm.click();
  await expect(toast(page, 'Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  // The address can start afresh: a new, empty account.
  await signUp(page, 'settings.leaving@example.com', 'Leo');
  expect(await (await page.request.get('/api/projects')).json()).toEqual([]);
  await expect(page.getByRole('switch', { name: /Newsletters/ })).not.toBeChecked();
});

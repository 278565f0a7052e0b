import { expect, test } from '../support/fixtures';

test('landing page welcomes visitors and its sign-in link goes through /api/login', async ({
  page,
}) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  for (const benefit of ['Expert Local Guides', 'Easy Booking Process', 'Safe and Secure']) {
    await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Start Your Journey' })).toBeVisible();

  const signIn = page.getByRole('link', { name: 'Sign In to Continue' });
  await expect(signIn).toHaveAttribute('href', '/api/login');
  await signIn.click();
  await expect(page).toHaveURL('/sign-in');
});

test("the landing page loads no federation until a pointer reaches the wizard's link", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const federation = (path: string) => /\/federation\.[0-9a-f]+\.js$|remoteEntry\.js$/.test(path);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(federation)).toEqual([]);

  await page.getByRole('link', { name: 'Create Trek Request' }).hover();
  // Federation's runtime, then the wizard's entry: the page's code is on its way before a click.
  await expect.poll(() => scripts.filter(federation).length).toBe(2);
  await page.getByRole('link', { name: 'Create Trek Request' }).click();
  await expect(page).toHaveURL('/create-project');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('not-found page leads back to the request form', async ({ page }) => {
  const answer = await page.goto('/a/trail/nobody/walked');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Trail Not Found' })).toBeVisible();
  await expect(
    page.getByText("The page you're looking for doesn't exist or has been moved."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/create-project');
});

test('internal page shows the roadmap, an Active system status and setup instructions', async ({
  page,
}) => {
  await page.goto('/dev/landing-internal');
  await expect(page.getByText('Internal: not for public use')).toBeVisible();
  for (const phase of [
    'Passwordless magic-link login',
    'Data layer',
    'Frontend',
    'Payments, messaging and guide system',
  ]) {
    await expect(page.getByRole('heading', { name: phase })).toBeVisible();
  }
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup instructions' })).toBeVisible();
});

test('messages placeholder lists what is planned', async ({ travelerPage: page }) => {
  await page.goto('/u/messages');
  await expect(page.getByRole('heading', { name: 'Messaging Coming Soon' })).toBeVisible();
  for (const feature of [
    'Real-time chat with guides',
    'Photo and document sharing',
    'Trek updates and notifications',
    'Group messaging',
  ]) {
    await expect(page.getByText(feature)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Create a new trek request' }).click();
  await expect(page).toHaveURL('/create-project');
});

test('guide application and onboarding placeholders', async ({ page }) => {
  await page.goto('/provider/apply');
  await expect(page.getByRole('heading', { name: 'Become a Guide' })).toBeVisible();
  await expect(page.getByText('Provider Application Coming Soon')).toBeVisible();
  for (const item of [
    'Certifications',
    'Experience',
    'References',
    'First aid training',
    'Language and cultural skills',
    'Insurance',
  ]) {
    await expect(page.getByRole('listitem').filter({ hasText: item })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Notify Me When Ready' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Trek Requests' })).toHaveAttribute(
    'href',
    '/create-project',
  );

  await page.goto('/provider/onboarding');
  await expect(
    page.getByRole('heading', { name: 'Provider Onboarding Coming Soon' }),
  ).toBeVisible();
  for (const step of [
    'Profile and photos',
    'Document verification and background check',
    'Platform training and certification',
    'Payment setup and contract signing',
  ]) {
    await expect(page.getByText(step)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to the guide application' }).click();
  await expect(page).toHaveURL('/provider/apply');
});

import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sessions';
import { E2E_PORTS } from '../support/suite-env';

type Owner = 'host' | 'wizard' | 'projects' | 'account' | 'admin';

const REMOTE_PORTS: Record<Exclude<Owner, 'host'>, string> = {
  wizard: E2E_PORTS.WIZARD_PORT,
  projects: E2E_PORTS.PROJECTS_PORT,
  account: E2E_PORTS.ACCOUNT_PORT,
  admin: E2E_PORTS.ADMIN_PORT,
};

const ROUTES: Array<{
  path: string;
  owner: Owner;
  title: string;
  /** The page's main heading, when it differs from the title. */
  heading?: string;
  as?: 'traveler' | 'admin';
  /** Local storage the page needs to show itself rather than send the visitor elsewhere. */
  storage?: Record<string, string>;
}> = [
  { path: '/landing', owner: 'host', title: 'Welcome' },
  { path: '/', owner: 'wizard', title: 'Create your trek request' },
  { path: '/trek/new', owner: 'wizard', title: 'Create your trek request' },
  { path: '/create-project', owner: 'wizard', title: 'Create your trek request' },
  {
    path: '/project-success',
    owner: 'wizard',
    title: 'Trek Request Submitted',
    heading: 'Trek Request Submitted!',
    // With no request just sent it goes to the wizard (wizard-ux.spec.ts).
    storage: {
      'trek.createdProjectSummary': JSON.stringify({
        id: null,
        trek: 'Lares',
        dates: { start: '', end: '', flexible: false, flexibilityWindowDays: null },
        duration: '4 days / 3 nights',
        travelers: 1,
      }),
    },
  },
  { path: '/u/projects', owner: 'projects', title: 'My Projects', as: 'traveler' },
  // No project has the id 42: the projects pages say so.
  {
    path: '/u/projects/42',
    owner: 'projects',
    title: 'Project not found',
    as: 'traveler',
  },
  {
    path: '/projects/42',
    owner: 'projects',
    title: 'Project not found',
    as: 'traveler',
  },
  {
    path: '/u/projects/42/edit',
    owner: 'projects',
    title: 'Project not found',
    as: 'traveler',
  },
  {
    path: '/u/messages',
    owner: 'host',
    title: 'Messages',
    heading: 'Messaging Coming Soon',
    as: 'traveler',
  },
  { path: '/u/settings', owner: 'account', title: 'Account settings', as: 'traveler' },
  { path: '/admin/guides', owner: 'admin', title: 'Guide management', as: 'admin' },
  { path: '/sign-in', owner: 'host', title: 'Sign in' },
  { path: '/auth/conflict', owner: 'host', title: 'Account found with a different sign-in method' },
  { path: '/provider/apply', owner: 'host', title: 'Become a Guide' },
  {
    path: '/provider/onboarding',
    owner: 'host',
    title: 'Provider Onboarding',
    heading: 'Provider Onboarding Coming Soon',
  },
  {
    path: '/dev/landing-internal',
    owner: 'host',
    title: 'Internal development',
    heading: 'TrekPeru development',
  },
  { path: '/no/such/trail', owner: 'host', title: 'Trail Not Found' },
];

/** Records which remote servers the page fetched code from. */
function remotesFetched(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const port = new URL(request.url()).port;
    for (const [name, remotePort] of Object.entries(REMOTE_PORTS)) {
      if (port === remotePort) fetched.add(name);
    }
  });
  return fetched;
}

for (const route of ROUTES) {
  test(`${route.path} renders the ${route.owner} page titled "${route.title}"`, async ({
    page,
    context,
  }) => {
    if (route.as) await signIn(context, route.as);
    if (route.storage)
      await page.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, route.storage);
    const fetched = remotesFetched(page);
    await page.goto(route.path);

    await expect(page).toHaveTitle(`${route.title} | TrekPeru`);
    await expect(
      page.getByRole('heading', { level: 1, name: route.heading ?? route.title }),
    ).toBeVisible();
    if (route.owner === 'host') {
      expect([...fetched]).toEqual([]);
    } else {
      if (!['wizard', 'projects', 'account', 'admin'].includes(route.owner)) {
        // Pages a later issue builds say so, from their own remote.
        await expect(page.getByText(`delivered by the ${route.owner} team`)).toBeVisible();
      }
      // A route loads its own remote and no other.
      expect([...fetched]).toEqual([route.owner]);
    }
  });
}

test('visitors opening /u/*, /projects/* or /admin/* are sent to sign in with the path to return to', async ({
  page,
}) => {
  await page.goto('/u/projects/7');
  await expect(page).toHaveURL('/sign-in?returnTo=%2Fu%2Fprojects%2F7');
  await page.goto('/projects/7');
  await expect(page).toHaveURL('/sign-in?returnTo=%2Fprojects%2F7');
  await page.goto('/admin/guides');
  await expect(page).toHaveURL('/sign-in?returnTo=%2Fadmin%2Fguides');
});

test('pages say whether search engines may index them', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /trek in Peru/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.goto('/dev/landing-internal');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

import { act, screen, waitFor } from '@testing-library/react';
import {
  authMethodsQueryOptions,
  emailChangeQueryOptions,
  guidesQueryOptions,
  projectQueryOptions,
  projectsQueryOptions,
  providersQueryOptions,
  userSettingsQueryOptions,
} from '@trek/shared';
import { REMOTE_ROUTES } from '@trek/shared/contract';
import { buildGuideList } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import type { Params } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { remotePage } from './federation/remote-page';
import {
  buildRoutes,
  preloadRoute,
  type RouteEntry,
  requiresAdmin,
  requiresSignIn,
  routeQuery,
  routeTable,
} from './routes';
import { renderRoutes, traveler } from './test/render';

function HostPage() {
  return null;
}

describe('route table', () => {
  it('lists every route of the site once, with its owner', () => {
    const owners = Object.fromEntries(routeTable.map((r) => [r.path, r.owner]));
    expect(owners).toEqual({
      '/landing': 'host',
      '/': 'wizard',
      '/trek/new': 'wizard',
      '/create-project': 'wizard',
      '/project-success': 'wizard',
      '/u/projects': 'projects',
      '/u/projects/:id': 'projects',
      '/projects/:id': 'projects',
      '/u/projects/:id/edit': 'projects',
      '/u/messages': 'host',
      '/u/settings': 'account',
      '/admin/guides': 'admin',
      '/sign-in': 'host',
      '/auth/conflict': 'host',
      '/provider/apply': 'host',
      '/provider/onboarding': 'host',
      '/dev/landing-internal': 'host',
      '*': 'host',
    });
  });

  it('agrees with the contract on which remote page renders each URL (the server preloads from it)', () => {
    const remoteRoutes = routeTable
      .filter((route) => route.owner !== 'host')
      .map((route) => ({ path: route.path, page: route.page.displayName }));
    expect(remoteRoutes).toEqual(
      REMOTE_ROUTES.map((route) => ({
        path: route.path,
        page: `RemotePage(${route.remote}/${route.page})`,
      })),
    );
  });

  it("preloads the code of the remote page that owns a path, and nothing for the host's pages", () => {
    const successPage = Object.assign(() => null, { preload: vi.fn() });
    const detailPage = Object.assign(() => null, { preload: vi.fn() });
    const table: RouteEntry[] = [
      { path: '/landing', owner: 'host', page: HostPage },
      { path: '/project-success', owner: 'wizard', page: successPage },
      { path: '/u/projects/:id', owner: 'projects', page: detailPage },
      { path: '*', owner: 'host', page: HostPage },
    ];
    preloadRoute('/project-success', table);
    expect(successPage.preload).toHaveBeenCalledTimes(1);
    preloadRoute('/u/projects/42?tab=offers', table);
    expect(detailPage.preload).toHaveBeenCalledTimes(1);
    preloadRoute('/landing', table);
    preloadRoute('/no/such/trail', table);
    expect(successPage.preload).toHaveBeenCalledTimes(1);
    expect(detailPage.preload).toHaveBeenCalledTimes(1);
  });

  it('protects the traveler and admin areas only', () => {
    expect(requiresSignIn('/u/messages')).toBe(true);
    expect(requiresSignIn('/admin/guides')).toBe(true);
    expect(requiresSignIn('/projects/:id')).toBe(true);
    expect(requiresSignIn('/landing')).toBe(false);
    expect(requiresSignIn('/create-project')).toBe(false);
  });

  it('keeps the admin area for admins', () => {
    expect(requiresAdmin('/admin/guides')).toBe(true);
    expect(requiresAdmin('/u/settings')).toBe(false);
    expect(requiresAdmin('/administration')).toBe(false);
  });

  it('sends a visitor opening /u/* to sign in with the path to return to', async () => {
    mockApi({ user: null }).fetch;
    const { router } = renderRoutes(buildRoutes(), { path: '/u/messages?tab=all' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/u/messages?tab=all',
    );
  });

  it('lets a signed-in traveler open /u/messages', async () => {
    mockApi({ user: traveler }).fetch;
    renderRoutes(buildRoutes(), { path: '/u/messages' });
    expect(await screen.findByRole('heading', { name: 'Messaging Coming Soon' })).toBeTruthy();
  });

  it('renders the not-found page for any other path', async () => {
    mockApi({ user: null }).fetch;
    renderRoutes(buildRoutes(), { path: '/no/such/trail' });
    expect(await screen.findByRole('heading', { name: 'Trail Not Found' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Home' });
    expect(back.getAttribute('href')).toBe('/create-project');
  });
});

function AdminPage() {
  return <h1>Guide management</h1>;
}
function WizardPage() {
  return <h1>Create your trek request</h1>;
}
function SignInHeading() {
  return <h1>Sign in</h1>;
}

describe('the admin area', () => {
  const adminRoutes = (): RouteEntry[] => [
    { path: '/', owner: 'wizard', page: WizardPage },
    { path: '/sign-in', owner: 'host', page: SignInHeading },
    {
      path: '/admin/guides',
      owner: 'admin',
      page: AdminPage,
      queries: () => [routeQuery(guidesQueryOptions())],
    },
  ];

  it("turns a traveler away to / with 'Access Denied', asking nothing of the admin API", async () => {
    const api = mockApi({ user: traveler });
    const { router } = renderRoutes(buildRoutes(adminRoutes()), { path: '/admin/guides' });
    expect(await screen.findByRole('heading', { name: 'Create your trek request' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Access Denied');
    expect(toast.textContent).toContain('Admin access required');
    expect(screen.queryByRole('heading', { name: 'Guide management' })).toBeNull();
    expect(api.callsTo('GET /api/admin/guides')).toEqual([]);
  });

  it('sends a visitor to sign in, with the admin page to return to', async () => {
    mockApi({ user: null });
    const { router } = renderRoutes(buildRoutes(adminRoutes()), { path: '/admin/guides' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/admin/guides');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows an admin the page and starts the guides' data with it", async () => {
    const api = mockApi({
      user: { ...traveler, isAdmin: true },
      routes: { 'GET /api/admin/guides': json(buildGuideList()) },
    });
    renderRoutes(buildRoutes(adminRoutes()), { path: '/admin/guides' });
    expect(await screen.findByRole('heading', { name: 'Guide management' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/admin/guides')).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the guides query for /admin/guides', () => {
    const entry = routeTable.find((route) => route.path === '/admin/guides');
    expect(entry?.queries?.({}).map((query) => query.queryKey)).toEqual([
      guidesQueryOptions().queryKey,
    ]);
  });
});

describe('route data', () => {
  /** A remote page whose code is still on its way: whatever is fetched now, the route started. */
  const pendingPage = () =>
    remotePage('projects', 'ProjectDetailPage', () => new Promise(() => {}));
  const projectRoutes = (): RouteEntry[] => [
    {
      path: '/u/projects/:id',
      owner: 'projects',
      page: pendingPage(),
      queries: (params) => [routeQuery(projectQueryOptions(params.id ?? ''))],
    },
    {
      path: '/projects/:id',
      owner: 'projects',
      page: pendingPage(),
      queries: (params) => [routeQuery(projectQueryOptions(params.id ?? ''))],
    },
  ];
  const projectCalls = (fetchMock: ReturnType<typeof mockApi>['fetch']) =>
    fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/projects'));

  it("starts a signed-in page's data while its code is still loading", async () => {
    const fetchMock = mockApi({ user: traveler }).fetch;
    renderRoutes(buildRoutes(projectRoutes()), { path: '/u/projects/42' });
    await waitFor(() => expect(projectCalls(fetchMock)).toEqual(['/api/projects/42']));
    // The page itself has not arrived: the data did not wait for it.
    expect(screen.getByRole('status', { busy: true })).toBeTruthy();
  });

  it('asks nothing for a visitor, who would only get a 401', async () => {
    const fetchMock = mockApi({ user: null }).fetch;
    const { queryClient } = renderRoutes(buildRoutes(projectRoutes()), { path: '/projects/42' });
    await waitFor(() =>
      expect(queryClient.getQueryState(['auth', 'user'])?.status).toBe('success'),
    );
    // The effects that follow the answer have run.
    await act(async () => {});
    expect(projectCalls(fetchMock)).toEqual([]);
  });

  it("names each projects page's queries with the route's params", () => {
    const keysOf = (path: string, params: Params) =>
      routeTable
        .find((route) => route.path === path)
        ?.queries?.(params)
        .map((query) => query.queryKey);
    expect(keysOf('/u/projects', {})).toEqual([projectsQueryOptions().queryKey]);
    for (const path of ['/u/projects/:id', '/projects/:id', '/u/projects/:id/edit']) {
      expect(keysOf(path, { id: '42' }), path).toEqual([projectQueryOptions('42').queryKey]);
    }
  });

  it("names the settings page's queries: sign-in methods, providers, notifications, e-mail change", () => {
    const keys = routeTable.find((route) => route.path === '/u/settings')?.queries?.({});
    expect(keys?.map((query) => query.queryKey)).toEqual([
      authMethodsQueryOptions().queryKey,
      providersQueryOptions().queryKey,
      userSettingsQueryOptions().queryKey,
      emailChangeQueryOptions().queryKey,
    ]);
  });
});

/** How many times the route element test's page rendered. */
const countedPageRenders = { count: 0 };
function CountedPage() {
  countedPageRenders.count += 1;
  return <h1>Create your trek request</h1>;
}

describe('route element', () => {
  it('renders its page once as the user becomes known, the page not reading the user itself', async () => {
    countedPageRenders.count = 0;
    mockApi({ user: traveler });
    const { queryClient } = renderRoutes(
      buildRoutes([{ path: '/', owner: 'wizard', page: CountedPage }]),
      { path: '/' },
    );
    expect(await screen.findByRole('heading', { name: 'Create your trek request' })).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(['auth', 'user'])?.status).toBe('success'),
    );
    // The route re-rendered with the answer; the page, a whole remote page in the site, did not.
    await act(async () => {});
    expect(countedPageRenders.count).toBe(1);
  });
});

function SettingsPage() {
  return <h1>Settings</h1>;
}

describe("a sign-in's return in the address (auth=success, formData)", () => {
  it('is removed on a page that does not read it, the rest of the address kept', async () => {
    mockApi({ user: traveler });
    const { router } = renderRoutes(
      buildRoutes([{ path: '/u/settings', owner: 'account', page: SettingsPage }]),
      { path: '/u/settings?auth=success&tab=methods#email' },
    );
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=methods'));
    expect(router.state.location.pathname).toBe('/u/settings');
    expect(router.state.location.hash).toBe('#email');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('is left to the wizard, which reads it and then removes it itself', async () => {
    mockApi({ user: traveler });
    const { router, queryClient } = renderRoutes(
      buildRoutes([
        { path: '/create-project', owner: 'wizard', page: CountedPage, readsSignInReturn: true },
      ]),
      { path: '/create-project?auth=success&formData=eyJ0cmVrIjoiTGFyZXMifQ' },
    );
    await screen.findByRole('heading', { name: 'Create your trek request' });
    await waitFor(() =>
      expect(queryClient.getQueryState(['auth', 'user'])?.status).toBe('success'),
    );
    await act(async () => {});
    expect(router.state.location.search).toBe('?auth=success&formData=eyJ0cmVrIjoiTGFyZXMifQ');
  });

  it("is read by the wizard's pages only, in the site's route table", () => {
    expect(
      routeTable.filter((route) => route.readsSignInReturn).map((route) => route.path),
    ).toEqual(['/', '/trek/new', '/create-project']);
  });
});

function BrokenHostPage(): never {
  throw new Error('the header exploded');
}

describe('root error element', () => {
  it('shows a page of its own when something outside the pages fails', async () => {
    mockApi({ user: null }).fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(buildRoutes([{ path: '*', owner: 'host', page: BrokenHostPage }]), {
      path: '/landing',
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(console.error).toHaveBeenCalledWith(
      '[host] The site could not be shown.',
      expect.objectContaining({ message: 'the header exploded' }),
    );
  });
});

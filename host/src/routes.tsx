import {
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
  useQueryClient,
} from '@tanstack/react-query';
import {
  authMethodsQueryOptions,
  emailChangeQueryOptions,
  guidesQueryOptions,
  PATHS,
  projectQueryOptions,
  projectsQueryOptions,
  providersQueryOptions,
  useAuth,
  userSettingsQueryOptions,
} from '@trek/shared';
import { requiresAdmin, requiresSignIn } from '@trek/shared/contract';
import { type ComponentType, useEffect, useMemo } from 'react';
import { matchPath, type Params, type RouteObject, useParams } from 'react-router-dom';
import { RequireAdmin } from './auth/require-admin';
import { RequireSignedIn } from './auth/require-signed-in';
import { useDropSignInReturn } from './auth/sign-in-return';
import type { RemoteName } from './federation/remote-map';
import type { RemotePageComponent } from './federation/remote-page';
import { AppLayout } from './layout/app-layout';
import { RootErrorPage } from './layout/root-error-page';
import { LandingPage } from './pages/landing-page';
import { lazyHostPage } from './pages/lazy-host-page';
import { NotFoundPage } from './pages/not-found-page';
import { remotePages } from './remote-pages';

/** One query a route's page reads, ready to be started on the page's QueryClient. */
export interface RouteQuery {
  queryKey: QueryKey;
  prefetch: (queryClient: QueryClient) => Promise<void>;
}

/** Wraps the options an `xxxQueryOptions` factory of @trek/shared makes, keeping their types. */
export function routeQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): RouteQuery {
  return {
    queryKey: options.queryKey,
    prefetch: (queryClient) => queryClient.prefetchQuery(options),
  };
}

export interface RouteEntry {
  path: string;
  /** Who builds and deploys the page: the host itself or one remote. */
  owner: 'host' | RemoteName;
  page: ComponentType | RemotePageComponent;
  /**
   * The queries the page needs, given the route's params. The host starts them with the page's
   * code, once the user is known to be signed in (a visitor would only collect 401s; on an admin
   * page, to be an admin), so data and code load side by side instead of one after the other.
   */
  queries?: (params: Params) => RouteQuery[];
  /**
   * The page reads a sign-in's return (`auth=success`, `formData`) from the address and removes
   * it itself; on every other page the host removes it.
   */
  readsSignInReturn?: true;
}

/** The one id parameter of a project's routes (always present when the route matched). */
const projectId = (params: Params) => params.id ?? '';

// The host's other pages load with their route; the conflict page brings Mantine's forms slice.
const AuthConflictPage = lazyHostPage('AuthConflictPage', () =>
  import('./pages/auth-conflict-page').then((module) => module.AuthConflictPage),
);
const InternalDevPage = lazyHostPage('InternalDevPage', () =>
  import('./pages/internal-dev-page').then((module) => module.InternalDevPage),
);
const MessagesPage = lazyHostPage('MessagesPage', () =>
  import('./pages/messages-page').then((module) => module.MessagesPage),
);
const ProviderApplyPage = lazyHostPage('ProviderApplyPage', () =>
  import('./pages/provider-apply-page').then((module) => module.ProviderApplyPage),
);
const ProviderOnboardingPage = lazyHostPage('ProviderOnboardingPage', () =>
  import('./pages/provider-onboarding-page').then((module) => module.ProviderOnboardingPage),
);
const SignInPage = lazyHostPage('SignInPage', () =>
  import('./pages/sign-in-page').then((module) => module.SignInPage),
);

/**
 * The route table of the site (docs/product/site.md): the one place that says who owns which
 * URL. The URLs themselves come from the federation contract in @trek/shared.
 */
export const routeTable: RouteEntry[] = [
  { path: PATHS.landing, owner: 'host', page: LandingPage },
  {
    path: PATHS.home,
    owner: 'wizard',
    page: remotePages.requestWizard,
    readsSignInReturn: true,
  },
  {
    path: PATHS.newTrek,
    owner: 'wizard',
    page: remotePages.requestWizard,
    readsSignInReturn: true,
  },
  {
    path: PATHS.createProject,
    owner: 'wizard',
    page: remotePages.requestWizard,
    readsSignInReturn: true,
  },
  { path: PATHS.projectSuccess, owner: 'wizard', page: remotePages.projectSuccess },
  {
    path: PATHS.projects,
    owner: 'projects',
    page: remotePages.projects,
    queries: () => [routeQuery(projectsQueryOptions())],
  },
  {
    path: PATHS.project,
    owner: 'projects',
    page: remotePages.projectDetail,
    queries: (params) => [routeQuery(projectQueryOptions(projectId(params)))],
  },
  {
    path: PATHS.sharedProject,
    owner: 'projects',
    page: remotePages.projectDetail,
    queries: (params) => [routeQuery(projectQueryOptions(projectId(params)))],
  },
  {
    path: PATHS.projectEdit,
    owner: 'projects',
    page: remotePages.projectEdit,
    queries: (params) => [routeQuery(projectQueryOptions(projectId(params)))],
  },
  { path: PATHS.messages, owner: 'host', page: MessagesPage },
  {
    path: PATHS.settings,
    owner: 'account',
    page: remotePages.settings,
    queries: () => [
      routeQuery(authMethodsQueryOptions()),
      routeQuery(providersQueryOptions()),
      routeQuery(userSettingsQueryOptions()),
      routeQuery(emailChangeQueryOptions()),
    ],
  },
  {
    path: PATHS.adminGuides,
    owner: 'admin',
    page: remotePages.adminGuides,
    queries: () => [routeQuery(guidesQueryOptions())],
  },
  { path: PATHS.signIn, owner: 'host', page: SignInPage },
  { path: PATHS.authConflict, owner: 'host', page: AuthConflictPage },
  { path: PATHS.providerApply, owner: 'host', page: ProviderApplyPage },
  { path: PATHS.providerOnboarding, owner: 'host', page: ProviderOnboardingPage },
  { path: PATHS.devLandingInternal, owner: 'host', page: InternalDevPage },
  { path: '*', owner: 'host', page: NotFoundPage },
];

export { requiresAdmin, requiresSignIn };

function isRemotePage(page: RouteEntry['page']): page is RemotePageComponent {
  return 'preload' in page && typeof page.preload === 'function';
}

/**
 * Fetches ahead the remote page that owns `path` (a remote asks for its likely next page by URL,
 * without knowing who owns it). Host pages are small and load with their route; unknown paths
 * do nothing.
 */
export function preloadRoute(path: string, table: RouteEntry[] = routeTable): void {
  const pathname = path.split(/[?#]/)[0] ?? path;
  const entry = table.find((route) => route.path !== '*' && matchPath(route.path, pathname));
  if (entry && isRemotePage(entry.page)) entry.page.preload();
}

/**
 * One route's element: the page's code starts loading at once, its data as soon as the user is
 * known to be signed in (an admin, on an admin page), visitors to the signed-in areas are sent to
 * sign in and non-admins away from the admin pages.
 */
function RouteElement({ entry }: { entry: RouteEntry }) {
  const { page: Page, path, queries, readsSignInReturn } = entry;
  const params = useParams();
  useDropSignInReturn(!readsSignInReturn);
  const queryClient = useQueryClient();
  const { user, isLoading, isAuthenticated } = useAuth();
  const guarded = requiresSignIn(path);
  const adminOnly = requiresAdmin(path);
  const mayLoadData = isAuthenticated && (!adminOnly || user?.isAdmin === true);

  useEffect(() => {
    // Behind the sign-in check the page renders only once the user is known; fetch its code
    // while the user is being asked for.
    if (guarded && isLoading && isRemotePage(Page)) Page.preload();
  }, [guarded, isLoading, Page]);

  useEffect(() => {
    if (!mayLoadData || !queries) return;
    for (const query of queries(params)) void query.prefetch(queryClient);
  }, [mayLoadData, queries, params, queryClient]);

  // One element for the route's life: this component re-renders as the user becomes known, and
  // the page (the whole of it, on a remote page) would re-render with it for nothing, in the
  // start's longest tasks. The page reads the user itself where it needs to.
  const page = useMemo(() => <Page />, [Page]);

  if (!guarded) return page;
  return (
    <RequireSignedIn>{adminOnly ? <RequireAdmin>{page}</RequireAdmin> : page}</RequireSignedIn>
  );
}

export function buildRoutes(table: RouteEntry[] = routeTable): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      // What no page's own boundary caught (the layout itself failing included).
      errorElement: <RootErrorPage />,
      children: table.map((entry) => ({
        path: entry.path,
        element: <RouteElement entry={entry} />,
      })),
    },
  ];
}

import type { ComponentType } from 'react';
import { matchPath, type RouteObject } from 'react-router-dom';
import { RequireSignedIn } from './auth/require-signed-in';
import type { RemoteName } from './federation/remote-map';
import { AppLayout } from './layout/app-layout';
import { AuthConflictPage } from './pages/auth-conflict-page';
import { InternalDevPage } from './pages/internal-dev-page';
import { LandingPage } from './pages/landing-page';
import { MessagesPage } from './pages/messages-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProviderApplyPage } from './pages/provider-apply-page';
import { ProviderOnboardingPage } from './pages/provider-onboarding-page';
import { SignInPage } from './pages/sign-in-page';
import { remotePages } from './remote-pages';

export interface RouteEntry {
  path: string;
  /** Who builds and deploys the page: the host itself or one remote. */
  owner: 'host' | RemoteName;
  page: ComponentType;
}

/** The route table of the spec (section 2), the one place that says who owns which URL. */
export const routeTable: RouteEntry[] = [
  { path: '/landing', owner: 'host', page: LandingPage },
  { path: '/', owner: 'wizard', page: remotePages.requestWizard },
  { path: '/trek/new', owner: 'wizard', page: remotePages.requestWizard },
  { path: '/create-project', owner: 'wizard', page: remotePages.requestWizard },
  { path: '/project-success', owner: 'wizard', page: remotePages.projectSuccess },
  { path: '/u/projects', owner: 'projects', page: remotePages.projects },
  { path: '/u/projects/:id', owner: 'projects', page: remotePages.projectDetail },
  { path: '/projects/:id', owner: 'projects', page: remotePages.projectDetail },
  { path: '/u/projects/:id/edit', owner: 'projects', page: remotePages.projectEdit },
  { path: '/u/messages', owner: 'host', page: MessagesPage },
  { path: '/u/settings', owner: 'account', page: remotePages.settings },
  { path: '/admin/guides', owner: 'admin', page: remotePages.adminGuides },
  { path: '/sign-in', owner: 'host', page: SignInPage },
  { path: '/auth/conflict', owner: 'host', page: AuthConflictPage },
  { path: '/provider/apply', owner: 'host', page: ProviderApplyPage },
  { path: '/provider/onboarding', owner: 'host', page: ProviderOnboardingPage },
  { path: '/dev/landing-internal', owner: 'host', page: InternalDevPage },
  { path: '*', owner: 'host', page: NotFoundPage },
];

/** Visitors opening these areas are sent to sign in first (ARCHITECTURE section 4). */
export function requiresSignIn(path: string): boolean {
  return path.startsWith('/u/') || path.startsWith('/admin/');
}

/**
 * Fetches ahead the remote page that owns `path` (a remote asks for its likely next page by URL,
 * without knowing who owns it). Host pages are already loaded; unknown paths do nothing.
 */
export function preloadRoute(path: string, table: RouteEntry[] = routeTable): void {
  const pathname = path.split(/[?#]/)[0] ?? path;
  const entry = table.find((route) => route.path !== '*' && matchPath(route.path, pathname));
  if (entry && 'preload' in entry.page && typeof entry.page.preload === 'function') {
    entry.page.preload();
  }
}

export function buildRoutes(table: RouteEntry[] = routeTable): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: table.map(({ path, page: Page }) => ({
        path,
        element: requiresSignIn(path) ? (
          <RequireSignedIn>
            <Page />
          </RequireSignedIn>
        ) : (
          <Page />
        ),
      })),
    },
  ];
}

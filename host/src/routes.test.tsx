import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes, preloadRoute, type RouteEntry, requiresSignIn, routeTable } from './routes';
import { renderRoutes, stubApi, traveler } from './test/render';

function HostPage() {
  return null;
}

describe('route table', () => {
  it('lists every route of the spec once, with its owner', () => {
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
    expect(requiresSignIn('/projects/:id')).toBe(false);
    expect(requiresSignIn('/landing')).toBe(false);
  });

  it('sends a visitor opening /u/* to sign in with the path to return to', async () => {
    stubApi(null);
    const { router } = renderRoutes(buildRoutes(), { path: '/u/messages?tab=all' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/u/messages?tab=all',
    );
  });

  it('lets a signed-in traveler open /u/messages', async () => {
    stubApi(traveler);
    renderRoutes(buildRoutes(), { path: '/u/messages' });
    expect(await screen.findByRole('heading', { name: 'Messaging Coming Soon' })).toBeTruthy();
  });

  it('renders the not-found page for any other path', async () => {
    stubApi(null);
    renderRoutes(buildRoutes(), { path: '/no/such/trail' });
    expect(await screen.findByRole('heading', { name: 'Trail Not Found' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Home' });
    expect(back.getAttribute('href')).toBe('/create-project');
  });
});

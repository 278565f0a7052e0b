import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SITE } from '@trek/shared';
import { apiError, mockApi, never } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { renderRoutes, traveler } from '../test/render';
import { AppLayout } from './app-layout';
import { SIGN_OUT_FAILED } from './user-menu';

const layoutRoutes = [{ element: <AppLayout />, children: [{ path: '*', element: <p>page</p> }] }];

describe('header', () => {
  it('offers visitors a Sign In link to /trek/new and a logo to the marketing site', async () => {
    mockApi();
    renderRoutes(layoutRoutes, { path: '/landing' });
    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/trek/new');
    const logo = screen.getByRole('link', { name: `${SITE.name} home` });
    expect(logo.getAttribute('href')).toBe(SITE.marketingUrl);
  });

  it('keeps the border off at the top of the create page at every address the router serves it on', async () => {
    mockApi();
    for (const path of ['/create-project', '/Create-Project/', '/trek/new/', '/', '/landing']) {
      const { unmount } = renderRoutes(layoutRoutes, { path });
      const header = await screen.findByRole('banner');
      expect([path, header.hasAttribute('data-bordered')]).toEqual([path, path === '/landing']);
      unmount();
    }
  });

  it('shows signed-in users a menu with My projects, Settings and Log out', async () => {
    mockApi({ user: traveler });
    renderRoutes(layoutRoutes, { path: '/landing' });
    const menuButton = await screen.findByRole('button', { name: 'Ana, account menu' });
    expect(within(menuButton).getByText('A')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();

    await userEvent.click(menuButton);
    expect(
      (await screen.findByRole('menuitem', { name: 'My projects' })).getAttribute('href'),
    ).toBe('/u/projects');
    expect(screen.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
      '/u/settings',
    );
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Guide management' })).toBeNull();
  });

  it('adds Guide management for an admin, as the server says', async () => {
    mockApi({ user: { ...traveler, isAdmin: true } });
    renderRoutes(layoutRoutes, { path: '/landing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ana, account menu' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'Guide management' })).getAttribute('href'),
    ).toBe('/admin/guides');
  });

  it('opens the menu on the first key press, focus on its first item, and gives focus back on Escape', async () => {
    mockApi({ user: traveler });
    renderRoutes(layoutRoutes, { path: '/landing' });
    const button = await screen.findByRole('button', { name: 'Ana, account menu' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    button.focus();
    await userEvent.keyboard('{Enter}');
    const first = await screen.findByRole('menuitem', { name: 'My projects' });
    await waitFor(() => expect(document.activeElement, 'first item').toBe(first));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const menuButton = screen.getByRole('button', { name: 'Ana, account menu' });
    await waitFor(() => expect(document.activeElement, 'button again').toBe(menuButton));
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the menu with ArrowDown on its button, and closes it and moves on with Tab', async () => {
    mockApi({ user: traveler });
    renderRoutes(layoutRoutes, { path: '/landing' });
    (await screen.findByRole('button', { name: 'Ana, account menu' })).focus();
    await userEvent.keyboard('{ArrowDown}');
    const first = await screen.findByRole('menuitem', { name: 'My projects' });
    await waitFor(() => expect(document.activeElement, 'first item').toBe(first));

    // Tab is the browser's to carry out (jsdom does not): the menu must leave it alone, closing
    // with the focus on its button, from where the browser's move goes on to the next element.
    const button = screen.getByRole('button', { name: 'Ana, account menu' });
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    act(() => {
      first.dispatchEvent(tab);
    });
    expect(tab.defaultPrevented, 'Tab left to the browser').toBe(false);
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const next = screen.getByRole('link', { name: 'Skip to content' });
    next.focus();
    // Still there once Mantine's return of focus to the button would have fired.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(next);

    // Loaded, the menu opens on ArrowDown again.
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const again = await screen.findByRole('menuitem', { name: 'My projects' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('closes the menu on Log out and shows and announces Signing out... on its button', async () => {
    const api = mockApi({ user: traveler, routes: { 'POST /api/auth/logout': never } });
    renderRoutes(layoutRoutes, { path: '/landing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ana, account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Signing out...' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Signing out...',
    );
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it('keeps the session and says so when signing out fails', async () => {
    mockApi({
      user: traveler,
      routes: { 'POST /api/auth/logout': apiError(500, 'INTERNAL', 'Internal error') },
    });
    renderRoutes(layoutRoutes, { path: '/landing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ana, account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText(SIGN_OUT_FAILED.message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ana, account menu' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });
});

describe('footer', () => {
  it('shows contact details, the four social links and three legal links to one page', async () => {
    mockApi();
    renderRoutes(layoutRoutes, { path: '/landing' });
    const footer = await screen.findByRole('contentinfo');
    const f = within(footer);
    expect(f.getByText(SITE.contact.email)).toBeTruthy();
    expect(f.getByText(SITE.contact.phone)).toBeTruthy();
    for (const name of ['Facebook', 'Instagram', 'YouTube', 'TikTok']) {
      expect(f.getByRole('link', { name })).toBeTruthy();
    }
    for (const name of ['Privacy Policy', 'Terms of Service', 'Legal Notice']) {
      expect(f.getByRole('link', { name }).getAttribute('href')).toBe(SITE.legalUrl);
    }
    expect(f.getByText(/© 2025/)).toBeTruthy();
  });
});

describe('menu display name fallbacks', () => {
  it('uses the e-mail before the at-sign when there is no first name', async () => {
    mockApi({ user: { ...traveler, firstName: null, email: 'wanderer@example.com' } });
    renderRoutes(layoutRoutes, { path: '/landing' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'wanderer, account menu' })).toBeTruthy(),
    );
  });
});

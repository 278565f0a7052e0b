import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, traveler } from '../test/render';
import { AppLayout } from './app-layout';
import { USER_MENU_FAILED, userMenuCode } from './user-account';

const layoutRoutes = [{ element: <AppLayout />, children: [{ path: '*', element: <p>page</p> }] }];

describe('user menu whose code cannot be fetched', () => {
  it('keeps the page and the button, says so, and opens the menu on the next press', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Offline, or the host redeployed under the open page: the menu's code cannot be fetched.
    const load = userMenuCode.load;
    const network = { down: true };
    vi.spyOn(userMenuCode, 'load').mockImplementation(() =>
      network.down ? Promise.reject(new Error('Loading chunk user-menu failed')) : load(),
    );
    mockApi({ user: traveler });
    renderRoutes(layoutRoutes, { path: '/landing' });

    await userEvent.click(await screen.findByRole('button', { name: 'Ana, account menu' }));
    expect(await screen.findByText(USER_MENU_FAILED.message)).toBeTruthy();
    expect(screen.getByText('page')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Ana, account menu' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(screen.queryByRole('menu')).toBeNull();

    network.down = false;
    await userEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'My projects' })).toBeTruthy();
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, createQueryClient } from '@trek/shared';
import { buildUser } from '@trek/shared/testing/builders';
import { apiError, json, mockApi } from '@trek/shared/testing/mock-api';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SecuritySection } from './security-section';

/**
 * Rendered with Mantine's transitions on (not the page tests' 'test' env): a dialog then stays
 * on the page, and clickable, while it closes, as in the browser.
 */
function renderSection() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <SecuritySection user={buildUser()} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('SecuritySection', () => {
  it('signs out the other devices once for a double click, whose second lands on the closing dialog', async () => {
    const api = mockApi({
      user: buildUser(),
      routes: {
        'POST /api/auth/logout-all-devices': json({ success: true, endedSessions: 2 }),
      },
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other devices?' });
    const confirm = within(dialog).getByRole('button', { name: 'Sign out other devices' });
    fireEvent.click(confirm, { detail: 1 });
    expect(
      await screen.findByText(
        'Signed out from all other devices. Your current session remains active.',
      ),
    ).toBeTruthy();
    // The answer came before the second click: the dialog is closing, its button still there.
    expect(confirm.isConnected).toBe(true);
    fireEvent.click(confirm, { detail: 2 });
    await settle();
    expect(api.callsTo('POST /api/auth/logout-all-devices')).toHaveLength(1);
  });

  it("says 'Failed to sign out of all devices' when the API refuses, and closes the dialog", async () => {
    const api = mockApi({
      user: buildUser(),
      routes: {
        'POST /api/auth/logout-all-devices': apiError(500, 'INTERNAL', 'Internal server error'),
      },
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Failed to sign out of all devices')).toBeTruthy();
    expect(
      screen.queryByText('Signed out from all other devices. Your current session remains active.'),
    ).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sign out of all other devices?' })).toBeNull(),
    );
    expect(api.callsTo('POST /api/auth/logout-all-devices')).toHaveLength(1);
  });
});

import { render, screen } from '@testing-library/react';
import { AppProviders, createQueryClient } from '@trek/shared';
import { mockApi } from '@trek/shared/testing/mock-api';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import SettingsPage from './settings-page';

describe('SettingsPage (exposed as account/SettingsPage)', () => {
  it('renders inside the providers and router a host gives it', async () => {
    mockApi();
    const router = createMemoryRouter([{ path: '*', element: <SettingsPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    expect(screen.getByText(/delivered by the account team/)).toBeTruthy();
  });
});

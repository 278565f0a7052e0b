import { render, screen } from '@testing-library/react';
import { AppProviders, createQueryClient } from '@trek/shared';
import { mockApi } from '@trek/shared/testing/mock-api';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import GuidesPage from './guides-page';

describe('GuidesPage (exposed as admin/GuidesPage)', () => {
  it('renders inside the providers and router a host gives it', async () => {
    mockApi();
    const router = createMemoryRouter([{ path: '*', element: <GuidesPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide management' })).toBeTruthy();
    expect(screen.getByText(/delivered by the admin team/)).toBeTruthy();
  });
});

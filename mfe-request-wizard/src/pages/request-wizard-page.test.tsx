import { render, screen } from '@testing-library/react';
import { AppProviders, createQueryClient } from '@trek/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import RequestWizardPage from './request-wizard-page';

describe('RequestWizardPage (exposed as wizard/RequestWizardPage)', () => {
  it('renders inside the providers and router a host gives it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 })),
    );
    const router = createMemoryRouter([{ path: '*', element: <RequestWizardPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your trek request' }),
    ).toBeTruthy();
    expect(screen.getByText(/delivered by the wizard team/)).toBeTruthy();
  });
});

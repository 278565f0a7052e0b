import { render } from '@testing-library/react';
import { AppProviders, createQueryClient } from '@trek/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/**
 * Renders a page with the providers and router the host gives it; other paths render their own
 * name, so a test sees where the page sent the browser. The API is mocked with `mockApi`.
 */
export function renderPage(page: ReactNode, path = '/u/settings') {
  const router = createMemoryRouter(
    [
      { path: '/u/settings', element: page },
      { path: '*', element: <p>Other page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  return {
    router,
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}

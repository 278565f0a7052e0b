import { render } from '@testing-library/react';
import {
  AppProviders,
  createQueryClient,
  type PreloadRoute,
  RoutePreloadProvider,
} from '@trek/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

/**
 * Renders a page with the providers and router the host gives it. The API is mocked with
 * `mockApi` from '@trek/shared/testing/mock-api', as in every package.
 */
export function renderPage(page: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  const preloadRoute = vi.fn<PreloadRoute>();
  return {
    router,
    queryClient,
    preloadRoute,
    ...render(
      <AppProviders queryClient={queryClient} env="test">
        <RoutePreloadProvider preloadRoute={preloadRoute}>
          <RouterProvider router={router} />
        </RoutePreloadProvider>
      </AppProviders>,
    ),
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders, createQueryClient, type PreloadRoute, RoutePreloadProvider } from '../src';

/**
 * Renders routes inside what the host gives every page: the providers (one QueryClient, Mantine,
 * toasts), a data router at `path` and a route preloader to spy on. The API is mocked with
 * `mockApi` from '@trek/shared/testing/mock-api', as in every package.
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    queryClient = createQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const preloadRoute = vi.fn<PreloadRoute>();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RoutePreloadProvider preloadRoute={preloadRoute}>
        <RouterProvider router={router} />
      </RoutePreloadProvider>
    </AppProviders>,
  );
  return { ...view, router, queryClient, preloadRoute };
}

import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AppProviders, createQueryClient } from '@trek/shared';
import { buildUser } from '@trek/shared/testing/builders';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

/** The signed-in traveler of the host's tests. */
export const traveler = buildUser();

export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    queryClient = createQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

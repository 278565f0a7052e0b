import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AppProviders, createQueryClient, type User } from '@trek/shared';
import { buildUser } from '@trek/shared/testing/builders';
import { mockApi } from '@trek/shared/testing/mock-api';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

/** The signed-in traveler of the host's tests. */
export const traveler = buildUser();

/**
 * The API as `user` sees it, with nothing else mocked: shorthand for `mockApi({ user })` of
 * '@trek/shared/testing/mock-api', the one mocking layer (use it directly for other calls).
 */
export function stubApi(user: User | null) {
  return mockApi({ user }).fetch;
}

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

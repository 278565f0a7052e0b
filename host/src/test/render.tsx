import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AppProviders, createQueryClient, type User } from '@trek/shared';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

export { testTraveller as traveller } from '@trek/shared/testing/fixtures';

/** Answers /api/auth/user as the given user (or 401 for a visitor); other calls per `extra`. */
export function stubApi(
  user: User | null,
  extra: (url: string) => Response | 'pending' | undefined = () => undefined,
  pending: Promise<Response> = new Promise(() => {}),
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const answer = extra(url);
    if (answer === 'pending') return pending;
    if (answer) return answer;
    if (url.startsWith('/api/auth/user')) {
      return user
        ? new Response(JSON.stringify(user), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response('{"message":"Not signed in"}', { status: 401 });
    }
    return new Response('{"message":"Not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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

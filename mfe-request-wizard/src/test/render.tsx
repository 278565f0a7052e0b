import { render } from '@testing-library/react';
import {
  AppProviders,
  createQueryClient,
  type PreloadRoute,
  RoutePreloadProvider,
  type User,
} from '@trek/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

/** Renders a page with the providers and router the host gives it. */
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

type Handler = (
  url: string,
  init?: RequestInit,
) => Response | undefined | Promise<Response | undefined>;

/** Answers the user call as `user` (null: 401) and anything else through `handler`. */
export function stubFetch({
  user,
  handler = () => undefined,
}: {
  user: User | null;
  handler?: Handler;
}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = await handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/auth/user')) {
      return user
        ? Response.json(user)
        : new Response('{"message":"Not signed in"}', { status: 401 });
    }
    return new Response('{"message":"Not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

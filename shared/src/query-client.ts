import { QueryClient } from '@tanstack/react-query';

/**
 * For a query the host starts with its route (host/src/routes.tsx `queries`): the page that
 * mounts next shows the route's answer, a failure included, instead of asking again (a failed
 * read was sent twice, ~300 ms apart). Coming back to the route reads it anew: a failed query
 * holds no data, so the route's prefetch finds it stale.
 */
export const STARTED_WITH_ITS_ROUTE = { retryOnMount: false } as const;

/**
 * The one QueryClient factory, with the cache policy of docs/product/site.md: reads are not retried,
 * not refetched on focus or by interval, and cached data never goes stale.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

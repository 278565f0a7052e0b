import { QueryClient } from '@tanstack/react-query';

/**
 * The one QueryClient factory, with the site's cache policy (docs/product/site.md): reads are
 * not retried, not refetched on focus or by interval, and cached data never goes stale.
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

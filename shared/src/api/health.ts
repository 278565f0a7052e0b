import { queryOptions } from '@tanstack/react-query';
import { healthSchema } from '../schemas/health';
import { apiRequest } from './client';

/** The health polling interval (docs/product/site.md, "Cache policy"). */
export const HEALTH_POLL_MS = 30_000;

export function fetchHealth(signal?: AbortSignal) {
  return apiRequest('GET', '/health', { schema: healthSchema, signal });
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'] as const,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    // Health is live status, unlike the cached entities: re-read it whenever it is shown.
    staleTime: 0,
  });

import { queryOptions } from '@tanstack/react-query';
import { healthSchema } from '../schemas/health';
import { apiRequest } from './client';

/** The spec's health polling interval. */
export const HEALTH_POLL_MS = 30_000;

export function fetchHealth() {
  return apiRequest('GET', '/health', { schema: healthSchema });
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'] as const,
    queryFn: fetchHealth,
    refetchInterval: HEALTH_POLL_MS,
    // Health is live status, unlike the cached entities: re-read it whenever it is shown.
    staleTime: 0,
  });

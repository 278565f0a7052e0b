import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';

export const providersSchema = z.object({
  google: z.object({ available: z.boolean() }),
  facebook: z.object({ available: z.boolean() }),
});

export type Providers = z.infer<typeof providersSchema>;

/** GET /api/auth/providers: which social sign-ins are configured on the server. */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: () => apiRequest('GET', '/api/auth/providers', { schema: providersSchema }),
  });

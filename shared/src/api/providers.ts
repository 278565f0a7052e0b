import { queryOptions } from '@tanstack/react-query';
import { type Providers, providersSchema } from '../schemas/user';
import { apiRequest } from './client';

export type { Providers };
export { providersSchema };

/** GET /api/auth/providers: which social sign-ins are configured on the server. */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/auth/providers', { schema: providersSchema, signal }),
  });

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type User, userSchema } from '../schemas/user';
import { apiRequest } from './client';

/**
 * GET /api/auth/user with a timestamp and no caching. 401 means signed out; any other failure
 * is logged and also means signed out (spec sections 4 and 8).
 */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiRequest('GET', `/api/auth/user?t=${Date.now()}`, {
      schema: userSchema,
      on401: 'returnNull',
      cache: 'no-store',
    });
  } catch (error) {
    console.error('Could not read the signed-in user', error);
    return null;
  }
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'user'] as const,
    queryFn: fetchCurrentUser,
    refetchOnMount: 'always',
  });

const logoutResponseSchema = z.unknown();

export function logout(): Promise<unknown> {
  return apiRequest('POST', '/api/auth/logout', { schema: logoutResponseSchema });
}

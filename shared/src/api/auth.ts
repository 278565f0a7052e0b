import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { USER_READ_PATH } from '../contract/remote-routes.js';
import { successResponseSchema, type User, userSchema } from '../schemas/user';
import { forgetAccountRequests } from '../storage/storage';
import { apiRequest } from './client';

/**
 * GET /api/auth/user with a timestamp and no caching. 401 means signed out; any other failure
 * is logged and also means signed out (docs/product/sign-in.md, "Signed in or not").
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiRequest('GET', takePreloadedUserRead() ?? `${USER_READ_PATH}?t=${Date.now()}`, {
      schema: userSchema,
      on401: 'returnNull',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    // A cancelled read is nobody's failure.
    if (signal?.aborted) throw error;
    console.error('Could not read the signed-in user', error);
    return null;
  }
}

let preloadedUserRead: string | null | undefined;

/**
 * The page's first read of the user, which the host's server already asked for with the page
 * (a preload of `/api/auth/user?t=<the page's time>`, scripts/route-preload.mjs), so the answer is
 * there when the scripts ask: the same address, once. Later reads carry their own time.
 */
function takePreloadedUserRead(): string | undefined {
  if (preloadedUserRead === undefined) {
    preloadedUserRead =
      typeof document === 'undefined'
        ? null
        : (document
            .querySelector<HTMLLinkElement>(`link[rel="preload"][href^="${USER_READ_PATH}?t="]`)
            ?.getAttribute('href') ?? null);
  }
  const read = preloadedUserRead ?? undefined;
  preloadedUserRead = null;
  return read;
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'user'] as const,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    refetchOnMount: 'always',
  });

/**
 * Puts a write's answer (the user as saved, or no one) in the cache. A user read still on its way
 * (every page that mounts reads the user again) may have been answered before the write, so it is
 * cancelled first: its older answer would otherwise land after this one, and the page would show
 * the old name, the deleted photo's address, or a signed-in header after the sign-out.
 */
export async function replaceCachedUser(client: QueryClient, user: User | null): Promise<void> {
  await client.cancelQueries({ queryKey: userQueryOptions().queryKey, exact: true });
  client.setQueryData(userQueryOptions().queryKey, user);
}

/** POST /api/auth/logout (no body). */
export function logout() {
  return apiRequest('POST', '/api/auth/logout', { schema: successResponseSchema });
}

/** Logging out; once done, the cached user is no one. */
export const logoutMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'logout'] as const,
    mutationFn: logout,
    onSuccess: async (_data, _variables, _result, { client }) => {
      forgetAccountRequests();
      await replaceCachedUser(client, null);
    },
  });

import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { STARTED_WITH_ITS_ROUTE } from '../query-client';
import { magicLinkResponseSchema } from '../schemas/magic-link';
import {
  type AuthMethods,
  authMethodsSchema,
  signOutOtherDevicesResponseSchema,
  successResponseSchema,
  type UnlinkRequest,
} from '../schemas/user';
import { userQueryOptions } from './auth';
import { apiRequest } from './client';

export type { AuthMethods, UnlinkRequest };

/** GET /api/auth/methods: each sign-in method, connected and verified or not. */
export const authMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'methods'] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/auth/methods', { schema: authMethodsSchema, signal }),
    ...STARTED_WITH_ITS_ROUTE,
  });

/** POST /api/auth/unlink {provider}. */
export function unlinkSignInMethod(request: UnlinkRequest) {
  return apiRequest('POST', '/api/auth/unlink', { body: request, schema: successResponseSchema });
}

/** Unlinking changes the methods and the user's providers: both are read again. */
export const unlinkSignInMethodMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'unlink'] as const,
    mutationFn: unlinkSignInMethod,
    onSuccess: async (_data, _request, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: authMethodsQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
      ]);
    },
  });

/**
 * POST /api/auth/link-magic-link: a sign-in link to the account's own address; following it adds
 * the magic link as a sign-in method.
 */
export function linkMagicLink() {
  return apiRequest('POST', '/api/auth/link-magic-link', { schema: magicLinkResponseSchema });
}

export const linkMagicLinkMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'link-magic-link'] as const, mutationFn: linkMagicLink });

/** POST /api/auth/logout-all-devices: every other session ends, this one stays. */
export function signOutOtherDevices() {
  return apiRequest('POST', '/api/auth/logout-all-devices', {
    schema: signOutOtherDevicesResponseSchema,
  });
}

export const signOutOtherDevicesMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'logout-all-devices'] as const,
    mutationFn: signOutOtherDevices,
  });

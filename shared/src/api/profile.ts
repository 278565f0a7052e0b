import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { STARTED_WITH_ITS_ROUTE } from '../query-client';
import {
  type EmailChange,
  type ProfileUpdate,
  pendingEmailChangeSchema,
  profileUpdateResponseSchema,
} from '../schemas/account';
import { replaceCachedUser } from './auth';
import { apiRequest } from './client';

export type { EmailChange, ProfileUpdate };

/** GET /api/user/email-change: the e-mail change waiting for its link, or null. */
export const emailChangeQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'email-change'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', '/api/user/email-change', {
          schema: pendingEmailChangeSchema,
          signal,
        })
      ).emailChange,
    ...STARTED_WITH_ITS_ROUTE,
  });

/** PUT /api/user/profile with `displayName` or `email`. */
export function updateProfile(change: ProfileUpdate) {
  return apiRequest('PUT', '/api/user/profile', {
    body: change,
    schema: profileUpdateResponseSchema,
  });
}

/**
 * Saving the profile: the user as saved replaces the cached one (header included), and a new
 * e-mail waits for its link, which the page shows.
 */
export const updateProfileMutationOptions = () =>
  mutationOptions({
    mutationKey: ['user', 'profile', 'update'] as const,
    mutationFn: updateProfile,
    onSuccess: async ({ user, emailChange }, change, _result, { client }) => {
      if (change.email !== undefined) {
        client.setQueryData(emailChangeQueryOptions().queryKey, emailChange);
      }
      await replaceCachedUser(client, user);
    },
  });

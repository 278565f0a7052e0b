import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { STARTED_WITH_ITS_ROUTE } from '../query-client';
import { type UserSettings, type UserSettingsUpdate, userSettingsSchema } from '../schemas/account';
import { apiRequest } from './client';

export type { UserSettings, UserSettingsUpdate };

/** GET /api/user/settings: the notification switches (docs/product/account.md). */
export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'settings'] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/user/settings', { schema: userSettingsSchema, signal }),
    ...STARTED_WITH_ITS_ROUTE,
  });

/** PUT /api/user/settings with the one switch that changed. */
export function updateUserSettings(change: UserSettingsUpdate) {
  return apiRequest('PUT', '/api/user/settings', { body: change, schema: userSettingsSchema });
}

/**
 * Saving a switch shows it at once (optimistic) and puts it back if the save fails. Only the
 * switches of this change are put back: another switch saved meanwhile keeps its own outcome.
 */
export const updateUserSettingsMutationOptions = () => {
  const { queryKey } = userSettingsQueryOptions();
  return mutationOptions({
    mutationKey: ['user', 'settings', 'update'] as const,
    mutationFn: updateUserSettings,
    onMutate: async (change, { client }) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey);
      client.setQueryData(queryKey, (current) => (current ? { ...current, ...change } : current));
      return { before };
    },
    onError: (_error, change, result, { client }) => {
      const before = result?.before;
      if (!before) return;
      const restored = Object.fromEntries(
        Object.keys(change).map((name) => [name, before[name as keyof UserSettings]]),
      );
      client.setQueryData(queryKey, (current) => (current ? { ...current, ...restored } : current));
    },
    onSuccess: (settings, _change, _result, { client }) => {
      client.setQueryData(queryKey, settings);
    },
  });
};

import { mutationOptions } from '@tanstack/react-query';
import { dataExportResponseSchema } from '../schemas/account';
import { successResponseSchema } from '../schemas/user';
import { forgetAccountRequests } from '../storage/storage';
import { userQueryOptions } from './auth';
import { apiRequest } from './client';

/** POST /api/user/export-data: answered at once (202); the link comes by e-mail. */
export function requestDataExport() {
  return apiRequest('POST', '/api/user/export-data', { schema: dataExportResponseSchema });
}

export const requestDataExportMutationOptions = () =>
  mutationOptions({
    mutationKey: ['user', 'export-data'] as const,
    mutationFn: requestDataExport,
  });

/** DELETE /api/user/delete: the account and everything in it. */
export function deleteAccount() {
  return apiRequest('DELETE', '/api/user/delete', { schema: successResponseSchema });
}

/**
 * Once the account is gone nothing cached belongs to anyone: the cache is emptied, signed out,
 * and what the browser kept of the account's requests is forgotten.
 */
export const deleteAccountMutationOptions = () =>
  mutationOptions({
    mutationKey: ['user', 'delete'] as const,
    mutationFn: deleteAccount,
    onSuccess: (_data, _variables, _result, { client }) => {
      client.clear();
      client.setQueryData(userQueryOptions().queryKey, null);
      forgetAccountRequests({ withPendingNotices: true });
    },
  });

import { ApiError } from '@trek/shared';

/**
 * What a refused profile change says on its field: the server's own message for a value it
 * refused (400 VALIDATION names the field: "email: ..."; 409 EMAIL_TAKEN), else nothing (the
 * failure toast says it).
 */
export function fieldMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  if (error.code === 'EMAIL_TAKEN') return error.serverMessage;
  if (error.code === 'VALIDATION') return error.serverMessage.replace(/^\w+: /, '');
  return null;
}

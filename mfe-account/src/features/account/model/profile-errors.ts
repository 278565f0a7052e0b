import { ApiError, rateLimitMessage } from '@trek/shared';

/**
 * What a refused profile change says on its field: the server's own message for a value it
 * refused (400 VALIDATION names the field: "email: ..."; 409 EMAIL_TAKEN), how long to wait
 * (429: an e-mail change sends a link, and links are limited) and that the link could not be
 * sent (502 MAIL_NOT_SENT), else nothing (the failure toast says it).
 */
export function fieldMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'RATE_LIMITED') return rateLimitMessage(error.retryAfterSeconds);
  if (!error.serverMessage) return null;
  if (error.code === 'EMAIL_TAKEN' || error.code === 'MAIL_NOT_SENT') return error.serverMessage;
  if (error.code === 'VALIDATION') return error.serverMessage.replace(/^\w+: /, '');
  return null;
}

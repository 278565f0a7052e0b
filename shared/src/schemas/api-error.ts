import { z } from 'zod/mini';

/**
 * Every code an error answer of the API may carry. Clients branch on the status and this code,
 * never on the message text (docs/product/site.md, "Errors").
 */
export const API_ERROR_CODES = [
  /** 400: the input broke a rule; the message names the field. */
  'VALIDATION',
  /** 400: a social sign-in gave no e-mail; a real one is needed before creating a request. */
  'TEMPORARY_EMAIL',
  /** 400: the conflict page's linking token expired or belongs to another address. */
  'LINKING_EXPIRED',
  /** Any other 4xx Fastify itself answers (a bad URL, a bad Content-Length...). */
  'BAD_REQUEST',
  /** 401: no session. */
  'UNAUTHENTICATED',
  /** 401: a webhook call whose signature is missing or wrong. */
  'INVALID_SIGNATURE',
  /** 403: not allowed (another site's request, a traveler on an admin call). */
  'FORBIDDEN',
  /** 404: missing, or not the asker's (the two look the same). */
  'NOT_FOUND',
  /** 409: removing the only sign-in method of an account. */
  'LAST_SIGN_IN_METHOD',
  /** 409: the e-mail address belongs to another account. */
  'EMAIL_TAKEN',
  /** 409: the traveler already has the most open requests kept at once. */
  'PROJECT_LIMIT',
  /** 413: the body is larger than the call accepts. */
  'PAYLOAD_TOO_LARGE',
  /** 415: a body that is not JSON, or a photo whose bytes are no JPEG, PNG or WebP. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** 422: a photo larger in pixels than a profile photo may be. */
  'IMAGE_TOO_LARGE',
  /** 429: too many requests; `Retry-After` says for how long. */
  'RATE_LIMITED',
  /** 429: the same trek request again within seconds (a double submit). */
  'DUPLICATE_REQUEST',
  /** 502: the e-mail could not be handed to the mail server. */
  'MAIL_NOT_SENT',
  /** 503: the call needs a setting the server was started without (its log says which). */
  'NOT_CONFIGURED',
  /** 503: the store holds as many photo uploads not yet applied as it may; they leave within the hour. */
  'STORAGE_FULL',
  /** 500: our fault; the details are in the server's log, not in the answer. */
  'INTERNAL',
] as const;

export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);

export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>;

/** Every error answer of the API: `{ code, message }`. */
export const apiErrorBodySchema = z.object({ code: apiErrorCodeSchema, message: z.string() });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Waits up to this long are said in minutes, longer ones in hours. */
const WAIT_IN_MINUTES_UP_TO_SECONDS = 2 * 60 * 60;

/**
 * What a 429 tells the person: 'Too many requests. Please try again in a minute.'
 * while that is true, otherwise the real wait, rounded up: in minutes up to two hours, then in
 * hours (a data export's day-long wait is '24 hours', not '1440 minutes').
 */
export function rateLimitMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined || retryAfterSeconds <= 60) {
    return 'Too many requests. Please try again in a minute.';
  }
  if (retryAfterSeconds <= WAIT_IN_MINUTES_UP_TO_SECONDS) {
    return `Too many requests. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`;
  }
  return `Too many requests. Please try again in ${Math.ceil(retryAfterSeconds / 3600)} hours.`;
}

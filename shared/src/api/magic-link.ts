import { mutationOptions } from '@tanstack/react-query';
import { rateLimitMessage } from '../schemas/api-error';
import {
  type LinkingMagicLinkRequest,
  type MagicLinkRequest,
  type MagicLinkResponse,
  magicLinkResponseSchema,
} from '../schemas/magic-link';
import { ApiError, apiRequest } from './client';

export type { LinkingMagicLinkRequest, MagicLinkRequest, MagicLinkResponse };
export { magicLinkResponseSchema };

/** POST /api/auth/request-magic-link (the WhatsApp number is never sent). */
export function requestMagicLink(input: MagicLinkRequest) {
  return apiRequest('POST', '/api/auth/request-magic-link', {
    body: input,
    schema: magicLinkResponseSchema,
  });
}

export const requestMagicLinkMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'magic-link'] as const,
    mutationFn: requestMagicLink,
  });

/** POST /api/auth/send-magic-link for account linking (docs/product/sign-in.md, "Conflicts"). */
export function sendLinkingMagicLink(input: LinkingMagicLinkRequest) {
  return apiRequest('POST', '/api/auth/send-magic-link', {
    body: { ...input, purpose: 'account_linking' },
    schema: magicLinkResponseSchema,
  });
}

export const sendLinkingMagicLinkMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'linking-magic-link'] as const,
    mutationFn: sendLinkingMagicLink,
  });

export type MagicLinkErrorCode = 'rate_limited' | 'invalid_email' | 'generic';

const GENERIC = 'Something went wrong. Please try again.';
const INVALID_EMAIL = 'Please enter a valid email address.';

/**
 * What a failed magic-link send tells the person (docs/product/sign-in.md, "Errors"), by status
 * and code (and, for a refused field, which one): the registration modal and /sign-in say the
 * same. An answer without a code (a proxy's error page, an older server) falls back to the
 * catalogue's reading of the message.
 */
export function magicLinkError(error: unknown): { code: MagicLinkErrorCode; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 429 || error.code === 'RATE_LIMITED') {
      return { code: 'rate_limited', message: rateLimitMessage(error.retryAfterSeconds) };
    }
    // The API names the field first ('email: …'): a refused name or return path is no fault of
    // the address, and saying so would leave the person retyping a good one.
    if (error.code === 'VALIDATION') {
      return error.serverMessage?.startsWith('email:')
        ? { code: 'invalid_email', message: INVALID_EMAIL }
        : { code: 'generic', message: GENERIC };
    }
    if (error.code !== undefined) return { code: 'generic', message: GENERIC };
  }
  const text = (error instanceof Error ? error.message : '').toLowerCase();
  if (text.includes('rate limit') || text.includes('too many')) {
    return { code: 'rate_limited', message: rateLimitMessage() };
  }
  if (text.includes('email') || text.includes('invalid')) {
    return { code: 'invalid_email', message: INVALID_EMAIL };
  }
  return { code: 'generic', message: GENERIC };
}

/**
 * What the status line of a sent view says (the registration modal's and /sign-in's): the first
 * send, then something new for each resend, or a screen reader would not read it out (a live
 * region reads changes only). A resend after a resend differs from it by an invisible space.
 */
export function magicLinkSentStatus(email: string, resends: number): string {
  if (resends === 0) return `Check your email. We sent a sign-in link to ${email}.`;
  return `We sent another sign-in link to ${email}.${resends % 2 === 0 ? '\u00a0' : ''}`;
}

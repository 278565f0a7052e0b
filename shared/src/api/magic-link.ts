import { z } from 'zod';
import { apiRequest } from './client';

export const magicLinkResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  /** Development only: the link itself, offered as 'Use test link'. */
  magicLink: z.string().optional(),
});

export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;

export interface MagicLinkRequest {
  email: string;
  firstName: string;
  lastName: string;
  /** Same-origin path to land on once signed in. */
  redirectTo: string;
}

/** POST /api/auth/request-magic-link (the WhatsApp number is never sent). */
export function requestMagicLink(input: MagicLinkRequest) {
  return apiRequest('POST', '/api/auth/request-magic-link', {
    body: input,
    schema: magicLinkResponseSchema,
  });
}

export interface LinkingMagicLinkRequest {
  email: string;
  /** The short-lived token of the conflict page's address. */
  linkingToken: string;
  provider: string;
}

/** POST /api/auth/send-magic-link for account linking (spec section 7). */
export function sendLinkingMagicLink(input: LinkingMagicLinkRequest) {
  return apiRequest('POST', '/api/auth/send-magic-link', {
    body: { ...input, purpose: 'account_linking' },
    schema: magicLinkResponseSchema,
  });
}

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

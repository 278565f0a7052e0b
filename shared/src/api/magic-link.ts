import { mutationOptions } from '@tanstack/react-query';
import {
  type LinkingMagicLinkRequest,
  type MagicLinkRequest,
  type MagicLinkResponse,
  magicLinkResponseSchema,
} from '../schemas/magic-link';
import { apiRequest } from './client';

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

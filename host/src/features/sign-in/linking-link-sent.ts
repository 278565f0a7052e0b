import { browserStorage, readJson, STORAGE_KEYS, writeJson } from '@trek/shared';
import { z } from 'zod/mini';

/**
 * How long the conflict page keeps saying "Check Your Email" after a send: as long as the link
 * it sent works (a magic link is valid 15 minutes). Later the form comes back, and sending
 * again tells the truth: that the sign-in attempt has expired.
 */
export const LINKING_LINK_SENT_MAX_AGE_MS = 15 * 60 * 1000;

const sentSchema = z.object({
  token: z.string(),
  provider: z.string(),
  email: z.string(),
  at: z.number(),
});

export type LinkingLinkSent = z.infer<typeof sentSchema>;

/**
 * Records that this tab sent the linking link of one sign-in attempt (its token and provider),
 * so a reload of the conflict page still says where it went instead of offering the form again
 * (which would send a second e-mail). Session storage: the attempt is this tab's.
 */
export function rememberLinkingLinkSent(
  sent: Omit<LinkingLinkSent, 'at'>,
  now: number = Date.now(),
): void {
  writeJson(browserStorage('session'), STORAGE_KEYS.linkingLinkSent, { ...sent, at: now });
}

/** The address this tab sent the link of this attempt to, while that link works; else null. */
export function linkingLinkSentTo(
  attempt: { token: string; provider: string },
  now: number = Date.now(),
): string | null {
  const sent = readJson(browserStorage('session'), STORAGE_KEYS.linkingLinkSent, sentSchema);
  if (!sent || sent.token !== attempt.token || sent.provider !== attempt.provider) return null;
  const age = now - sent.at;
  return age >= 0 && age <= LINKING_LINK_SENT_MAX_AGE_MS ? sent.email : null;
}

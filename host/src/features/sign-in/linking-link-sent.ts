import { browserStorage, readJson, STORAGE_KEYS, writeJson } from '@trek/shared';
import { z } from 'zod/mini';

/**
 * The longest the conflict page keeps saying "Check Your Email" after a send: a magic link is
 * valid 15 minutes. The link links the provider only while the sign-in attempt's linking token is
 * alive too (15 minutes from the social sign-in, so it ends first), which the answer to the send
 * tells (`linkingSecondsLeft`). Later the form comes back, and sending again tells the truth: that
 * the sign-in attempt has expired.
 */
export const LINKING_LINK_SENT_MAX_AGE_MS = 15 * 60 * 1000;

const sentSchema = z.object({
  token: z.string(),
  provider: z.string(),
  email: z.string(),
  at: z.number(),
  /** When the link sent stops linking the provider (this browser's clock). */
  until: z.number(),
});

export interface LinkingLinkSentInput {
  token: string;
  provider: string;
  email: string;
  /** The answer's seconds the link can still link the provider; absent, the link's 15 minutes. */
  linkingSecondsLeft?: number;
}

/**
 * Records that this tab sent the linking link of one sign-in attempt (its token and provider),
 * so a reload of the conflict page still says where it went instead of offering the form again
 * (which would send a second e-mail), while that link can still link the provider. Session
 * storage: the attempt is this tab's.
 */
export function rememberLinkingLinkSent(
  { linkingSecondsLeft, ...sent }: LinkingLinkSentInput,
  now: number = Date.now(),
): void {
  const works = Math.min(
    LINKING_LINK_SENT_MAX_AGE_MS,
    (linkingSecondsLeft ?? Number.POSITIVE_INFINITY) * 1000,
  );
  writeJson(browserStorage('session'), STORAGE_KEYS.linkingLinkSent, {
    ...sent,
    at: now,
    until: now + works,
  });
}

/** The address this tab sent the link of this attempt to, while that link can link; else null. */
export function linkingLinkSentTo(
  attempt: { token: string; provider: string },
  now: number = Date.now(),
): string | null {
  const sent = readJson(browserStorage('session'), STORAGE_KEYS.linkingLinkSent, sentSchema);
  if (!sent || sent.token !== attempt.token || sent.provider !== attempt.provider) return null;
  return now >= sent.at && now < sent.until ? sent.email : null;
}

import { browserStorage, readJson, removeKey, STORAGE_KEYS, writeJson } from '@trek/shared';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';

/**
 * The longest the conflict page keeps saying "Check Your Email" after a send: a magic link is
 * valid 15 minutes. The link links the provider only while the sign-in attempt's linking token is
 * alive too (15 minutes from the social sign-in, so it ends first), which the answer to the send
 * tells (`linkingSecondsLeft`). Later the form comes back, and sending again tells the truth: that
 * the sign-in attempt has expired.
 */
export const LINKING_LINK_SENT_MAX_AGE_MS = 15 * 60 * 1000;

/**
 * What is kept names the attempt by the SHA-256 of its linking token, never the token: that is a
 * bearer secret (with it, anyone can have a link sent that links their provider account), and a
 * random one, so its hash gives nothing away.
 */
const sentSchema = z.object({
  tokenHash: z.string(),
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

interface Attempt {
  token: string;
  provider: string;
}

/** Hex SHA-256; null where the browser has no Web Crypto (a page not served over HTTPS). */
async function tokenHash(token: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Records that this tab sent the linking link of one sign-in attempt (its token's hash and its
 * provider), so a reload of the conflict page still says where it went instead of offering the
 * form again (which would send a second e-mail), while that link can still link the provider.
 * Session storage: the attempt is this tab's. Without Web Crypto nothing is kept.
 */
export async function rememberLinkingLinkSent(
  { token, linkingSecondsLeft, ...sent }: LinkingLinkSentInput,
  now: number = Date.now(),
): Promise<void> {
  const hash = await tokenHash(token);
  if (hash === null) return;
  const works = Math.min(
    LINKING_LINK_SENT_MAX_AGE_MS,
    (linkingSecondsLeft ?? Number.POSITIVE_INFINITY) * 1000,
  );
  writeJson(browserStorage('session'), STORAGE_KEYS.linkingLinkSent, {
    ...sent,
    tokenHash: hash,
    at: now,
    until: now + works,
  });
}

/** Forgets the send: its link has been used, or the attempt is another one or over. */
export function forgetLinkingLinkSent(): void {
  removeKey(browserStorage('session'), STORAGE_KEYS.linkingLinkSent);
}

/**
 * What is kept that may be this attempt's: for its provider and still in time. Anything else is
 * removed as it is read (another attempt, or one over, has no use for it).
 */
function keptFor(attempt: Attempt, now: number): z.infer<typeof sentSchema> | null {
  const sent = readJson(browserStorage('session'), STORAGE_KEYS.linkingLinkSent, sentSchema);
  if (!sent) return null;
  if (sent.provider === attempt.provider && now >= sent.at && now < sent.until) return sent;
  forgetLinkingLinkSent();
  return null;
}

/** The address this tab sent the link of this attempt to, while that link can link; else null. */
export async function linkingLinkSentTo(
  attempt: Attempt,
  now: number = Date.now(),
): Promise<string | null> {
  const sent = keptFor(attempt, now);
  if (!sent) return null;
  if ((await tokenHash(attempt.token)) === sent.tokenHash) return sent.email;
  forgetLinkingLinkSent();
  return null;
}

interface SentBefore {
  checking: boolean;
  sentTo: string | null;
}

/**
 * `linkingLinkSentTo` for a page: `checking` while the token is hashed (only when something kept
 * may be this attempt's: otherwise the answer, null, is known at once).
 */
export function useLinkingLinkSentBefore(attempt: Attempt): SentBefore {
  const { token, provider } = attempt;
  const [state, setState] = useState<SentBefore>(() => ({
    checking: keptFor(attempt, Date.now()) !== null,
    sentTo: null,
  }));
  const { checking } = state;
  useEffect(() => {
    if (!checking) return;
    let current = true;
    linkingLinkSentTo({ token, provider }).then(
      (sentTo) => current && setState({ checking: false, sentTo }),
      () => current && setState({ checking: false, sentTo: null }),
    );
    return () => {
      current = false;
    };
  }, [checking, token, provider]);
  return state;
}

import { z } from 'zod/mini';
import { browserStorage, readJson, removeKey, STORAGE_KEYS, writeJson } from './storage';

/**
 * How long "send my request once I am signed in" holds. A magic link is valid 15 minutes; a
 * provider's sign-in, or finding the e-mail, can take a while longer; an hour later the return is
 * no longer the answer to that Submit.
 */
export const SUBMIT_AFTER_SIGN_IN_MAX_AGE_MS = 60 * 60 * 1000;

const markerSchema = z.object({ at: z.number() });

/**
 * Records that the traveler, in this browser, pressed Submit request (or Send my trek request)
 * and is to sign in for it: only then does a sign-in's return (`?auth=success`) send the saved
 * request. The address alone cannot ask for that, since any site can link to it
 * (docs/decisions/0080-spec-readings.md). Local storage, not session storage: the magic link
 * may open in another tab of this browser.
 */
export function rememberSubmitAfterSignIn(now: number = Date.now()): void {
  writeJson(browserStorage('local'), STORAGE_KEYS.submitAfterSignIn, { at: now });
}

/**
 * Whether this browser asked, within the last hour, to send its request after signing in; the
 * marker is consumed, so one Submit sends at most one request on return.
 */
export function takeSubmitAfterSignIn(now: number = Date.now()): boolean {
  const local = browserStorage('local');
  const marker = readJson(local, STORAGE_KEYS.submitAfterSignIn, markerSchema);
  removeKey(local, STORAGE_KEYS.submitAfterSignIn);
  if (!marker) return false;
  const age = now - marker.at;
  return age >= 0 && age <= SUBMIT_AFTER_SIGN_IN_MAX_AGE_MS;
}

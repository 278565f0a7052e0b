import type { z } from 'zod/mini';
import { SAVED_ANSWERS_COOKIE } from '../contract/federation.js';

/** Browser-stored data (spec section 3); names are product-specific. */
export const STORAGE_KEYS = {
  wizardFormData: 'trek.wizardFormData',
  createdProjectSummary: 'trek.createdProjectSummary',
  originalFormData: 'trek.originalFormData',
  /** Guide notices still to send, a list per project (pending-guide-notices.ts). */
  guideNoticesToSend: 'trek.guideNoticesToSend',
  /** Where sites up to @trek/shared 4.10 kept one notice per project; moved to the lists when read. */
  pendingGuideNotices: 'trek.pendingGuideNotices',
  submitAfterSignIn: 'trek.submitAfterSignIn',
  linkingLinkSent: 'trek.linkingLinkSent',
  /** The edit page's unsaved edits, one key per project: `trek.projectEditDraft.<id>`. */
  projectEditDraft: 'trek.projectEditDraft',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Reads and validates a JSON value. Unparseable or invalid data is removed silently; storage
 * that is unavailable (private mode, quota) reads as nothing.
 */
export function readJson<T>(
  storage: Storage | undefined,
  key: string,
  schema: z.ZodMiniType<T>,
): T | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: bad JSON is discarded like invalid data
  }
  removeKey(storage, key);
  return null;
}

/** Writes a JSON value; returns false when the storage refused it. */
export function writeJson(storage: Storage | undefined, key: string, value: unknown): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to do: unavailable storage holds nothing
  }
}

/**
 * Forgets what this browser keeps of the signed-in account's requests, so the next person at a
 * shared computer is not shown them: the last one created (the success page's summary and its
 * original answers) and one not sent yet (the wizard's saved answers, with the flag that tells
 * the host's server and the sign-in pages they exist, which the wizard otherwise sets, and the
 * marker that asks to send them after the next sign-in), the address the conflict page sent a
 * linking link to, and the edit page's unsaved edits (this tab's drafts, one per project). With
 * `withPendingNotices`, the guide notices still to send go too: they are kept through a sign-out
 * (their owner signs in again to send them) but not past the account.
 */
export function forgetAccountRequests({ withPendingNotices = false } = {}): void {
  const [local, session] = [browserStorage('local'), browserStorage('session')];
  removeKey(local, STORAGE_KEYS.createdProjectSummary);
  removeKey(local, STORAGE_KEYS.originalFormData);
  removeKey(local, STORAGE_KEYS.wizardFormData);
  removeKey(session, STORAGE_KEYS.wizardFormData);
  removeKey(local, STORAGE_KEYS.submitAfterSignIn);
  // The conflict page's sent linking link, with the address it went to (host's linking-link-sent).
  removeKey(session, STORAGE_KEYS.linkingLinkSent);
  removeKeysStartingWith(session, `${STORAGE_KEYS.projectEditDraft}.`);
  if (withPendingNotices) {
    removeKey(local, STORAGE_KEYS.guideNoticesToSend);
    removeKey(local, STORAGE_KEYS.pendingGuideNotices);
  }
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: as the wizard's own flag (persistence.ts): one fixed name, nothing to escape.
    document.cookie = `${SAVED_ANSWERS_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
}

/** Removes every key that starts with `prefix` (keys collected first: removing shifts indexes). */
function removeKeysStartingWith(storage: Storage | undefined, prefix: string): void {
  if (!storage) return;
  const keys: string[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    return;
  }
  for (const key of keys) removeKey(storage, key);
}

/** The browser's storages, or undefined where there are none (tests, SSR) or access throws. */
export function browserStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

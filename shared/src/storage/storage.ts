import type { z } from 'zod/mini';

/** Browser-stored data (spec section 3); names are product-specific. */
export const STORAGE_KEYS = {
  wizardFormData: 'trek.wizardFormData',
  createdProjectSummary: 'trek.createdProjectSummary',
  originalFormData: 'trek.originalFormData',
  pendingGuideNotices: 'trek.pendingGuideNotices',
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
 * Forgets what this browser keeps of the signed-in account's requests (the last one created and
 * the answers it was created with), so the next person at a shared computer is not shown them on
 * the success page. With `withPendingNotices`, the guide notices still to send go too: they are
 * kept through a sign-out (their owner signs in again to send them) but not past the account.
 */
export function forgetAccountRequests({ withPendingNotices = false } = {}): void {
  const local = browserStorage('local');
  removeKey(local, STORAGE_KEYS.createdProjectSummary);
  removeKey(local, STORAGE_KEYS.originalFormData);
  if (withPendingNotices) removeKey(local, STORAGE_KEYS.pendingGuideNotices);
}

/** The browser's storages, or undefined where there are none (tests, SSR) or access throws. */
export function browserStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

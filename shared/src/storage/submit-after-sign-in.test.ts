import { describe, expect, it } from 'vitest';
import { forgetAccountRequests, STORAGE_KEYS } from './storage';
import {
  rememberSubmitAfterSignIn,
  SUBMIT_AFTER_SIGN_IN_MAX_AGE_MS,
  takeSubmitAfterSignIn,
} from './submit-after-sign-in';

const now = Date.parse('2026-11-27T10:00:00Z');

describe('the marker "send my request after signing in"', () => {
  it('holds once, for this browser, within the hour', () => {
    rememberSubmitAfterSignIn(now);
    expect(takeSubmitAfterSignIn(now + 14 * 60 * 1000)).toBe(true);
    // Consumed: a second return (a reload, a forged link) finds nothing.
    expect(takeSubmitAfterSignIn(now + 15 * 60 * 1000)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
  });

  it('is absent when never set, stale, from the future, or not ours', () => {
    expect(takeSubmitAfterSignIn(now)).toBe(false);
    rememberSubmitAfterSignIn(now);
    expect(takeSubmitAfterSignIn(now + SUBMIT_AFTER_SIGN_IN_MAX_AGE_MS + 1)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
    rememberSubmitAfterSignIn(now + 60_000);
    expect(takeSubmitAfterSignIn(now)).toBe(false);
    localStorage.setItem(STORAGE_KEYS.submitAfterSignIn, '{"at":"soon"}');
    expect(takeSubmitAfterSignIn(now)).toBe(false);
    localStorage.setItem(STORAGE_KEYS.submitAfterSignIn, 'true');
    expect(takeSubmitAfterSignIn(now)).toBe(false);
  });

  it('goes with a sign-out', () => {
    rememberSubmitAfterSignIn();
    forgetAccountRequests();
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
  });
});

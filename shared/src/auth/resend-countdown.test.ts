import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resendSecondsLeft, sameAddress, useResendCountdown } from './resend-countdown';

describe('resendSecondsLeft', () => {
  it('counts the 60-second resend cooldown down', () => {
    expect(resendSecondsLeft(0, 0)).toBe(60);
    expect(resendSecondsLeft(0, 59_500)).toBe(1);
    expect(resendSecondsLeft(0, 60_000)).toBe(0);
  });
});

describe('sameAddress', () => {
  it('reads addresses as the server does', () => {
    expect(sameAddress(' Ana@Example.com ', 'ana@example.com')).toBe(true);
    // One address whether the browser gives its domain in Unicode or in ASCII.
    expect(sameAddress('ana@exämple.com', 'ana@xn--exmple-cua.com')).toBe(true);
    expect(sameAddress('ana@example.com', 'ana@example.org')).toBe(false);
    // Half-typed addresses are compared as typed.
    expect(sameAddress('ana@', 'ANA@')).toBe(true);
    expect(sameAddress('ana@', 'ana@example.com')).toBe(false);
  });
});

describe('useResendCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down for the address a link went to, one second at a time, and only for it', () => {
    const { result } = renderHook(() => useResendCountdown());
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.secondsLeftFor('ana@example.com')).toBe(0);

    act(() => result.current.sent('ana@example.com'));
    expect(result.current.secondsLeft).toBe(60);
    expect(result.current.secondsLeftFor('ANA@example.com')).toBe(60);
    expect(result.current.secondsLeftFor('bea@example.com')).toBe(0);

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.secondsLeftFor('ana@example.com')).toBe(0);
    // Done counting, it stops ticking.
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { rateLimitMessage } from './api-error';

describe('rateLimitMessage', () => {
  it('says the wait in words a person reads at a glance: a minute, minutes, then hours', () => {
    expect(rateLimitMessage()).toBe('Too many requests. Please try again in a minute.');
    expect(rateLimitMessage(60)).toBe('Too many requests. Please try again in a minute.');
    expect(rateLimitMessage(61)).toBe('Too many requests. Please try again in 2 minutes.');
    expect(rateLimitMessage(900)).toBe('Too many requests. Please try again in 15 minutes.');
    expect(rateLimitMessage(2 * 3600)).toBe('Too many requests. Please try again in 120 minutes.');
    // Rounded up, never sooner than the server allows.
    expect(rateLimitMessage(2 * 3600 + 1)).toBe('Too many requests. Please try again in 3 hours.');
    expect(rateLimitMessage(23 * 3600 + 1)).toBe(
      'Too many requests. Please try again in 24 hours.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { magicLinkError } from './magic-link';

describe('magic-link errors', () => {
  const answer = (status: number, body: unknown, headers?: Record<string, string>) =>
    new ApiError(status, '', JSON.stringify(body), new Headers(headers));

  it('maps by status and code, whatever the message says', () => {
    expect(magicLinkError(answer(429, { code: 'RATE_LIMITED', message: 'x' }))).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please try again in a minute.',
    });
    expect(
      magicLinkError(answer(429, { code: 'RATE_LIMITED', message: 'x' }, { 'Retry-After': '900' }))
        .message,
    ).toBe('Too many requests. Please try again in 15 minutes.');
    expect(
      magicLinkError(
        answer(400, { code: 'VALIDATION', message: 'email: Please enter a valid email address.' }),
      ),
    ).toEqual({ code: 'invalid_email', message: 'Please enter a valid email address.' });
    // A coded answer is never read for words: "email" in this message changes nothing.
    expect(
      magicLinkError(answer(502, { code: 'MAIL_NOT_SENT', message: 'Could not send the e-mail' })),
    ).toEqual({ code: 'generic', message: 'Something went wrong. Please try again.' });
  });

  it('blames the address only when the API refused the address, not another field', () => {
    const refused = (message: string) =>
      magicLinkError(answer(400, { code: 'VALIDATION', message }));
    expect(refused('redirectTo: Too big: expected string to have <=500 characters')).toEqual({
      code: 'generic',
      message: 'Something went wrong. Please try again.',
    });
    expect(refused('firstName: Please enter your first name.').code).toBe('generic');
    expect(refused('The request body is not valid JSON').code).toBe('generic');
  });

  it('falls back to the catalogue reading of the message for an answer without a code', () => {
    expect(magicLinkError(new Error('rate limit reached')).code).toBe('rate_limited');
    expect(magicLinkError(new ApiError(400, '', 'Invalid email')).code).toBe('invalid_email');
    expect(magicLinkError(new ApiError(500, 'Internal Server Error', '')).message).toBe(
      'Something went wrong. Please try again.',
    );
    expect(magicLinkError(new TypeError('Failed to fetch')).code).toBe('generic');
  });
});

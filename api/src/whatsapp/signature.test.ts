import { describe, expect, it } from 'vitest';
import { isSignatureShaped, signatureOf, verifySignature } from './signature.js';

const SECRET = 'app-secret';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

describe('X-Hub-Signature-256', () => {
  it("is the hex HMAC-SHA256 of the body with the app secret, as Meta's documentation computes it", () => {
    // The textbook HMAC-SHA256 test vector.
    expect(signatureOf('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('verifies the exact bytes, in any hex case', () => {
    const signature = signatureOf(SECRET, body);
    expect(verifySignature(SECRET, body, signature)).toBe(true);
    expect(verifySignature(SECRET, body, signature.toUpperCase().replace('SHA256', 'sha256'))).toBe(
      true,
    );
    expect(verifySignature(SECRET, Buffer.concat([body, Buffer.from(' ')]), signature)).toBe(false);
    expect(verifySignature('other-secret', body, signature)).toBe(false);
  });

  it('refuses what is not a signature', () => {
    for (const header of [
      undefined,
      '',
      'sha256=',
      'sha256=abc',
      `sha1=${'a'.repeat(40)}`,
      ['x'],
    ]) {
      expect(isSignatureShaped(header)).toBe(false);
      expect(verifySignature(SECRET, body, header)).toBe(false);
    }
  });
});

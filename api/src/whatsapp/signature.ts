import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header the WhatsApp Cloud API signs each webhook call with. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** `sha256=<hex HMAC-SHA256 of the body with the app secret>`, as Meta sends it. */
export function signatureOf(appSecret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Whether a header value has the signature's shape at all (checked before the body is read). */
export function isSignatureShaped(header: string | string[] | undefined): header is string {
  return typeof header === 'string' && SIGNATURE.test(header.trim());
}

/** Whether `header` signs exactly these bytes with the app secret, compared in constant time. */
export function verifySignature(
  appSecret: string,
  body: Uint8Array,
  header: string | string[] | undefined,
): boolean {
  if (!isSignatureShaped(header)) return false;
  const given = Buffer.from(SIGNATURE.exec(header.trim())?.[1] ?? '', 'hex');
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

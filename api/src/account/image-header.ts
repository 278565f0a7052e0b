import type { ProfileImageType } from '@trek/shared/schemas';

/** Bytes enough to tell the accepted types apart. */
export const IMAGE_HEAD_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The accepted type the first bytes are of, whatever the file's name or declared type say. */
export function imageTypeOf(head: Buffer): ProfileImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

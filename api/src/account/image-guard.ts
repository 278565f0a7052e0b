import { Transform, type TransformCallback } from 'node:stream';
import type { ProfileImageType } from '@trek/shared/schemas';
import { HttpError } from '../http/errors.js';

/** The first bytes of each accepted image type. */
const SIGNATURES: Record<ProfileImageType, (head: Buffer) => boolean> = {
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) =>
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Bytes needed to tell the types apart. */
const HEAD_BYTES = 12;

export const NOT_AN_IMAGE = 'Only JPEG, PNG or WebP images are accepted.';

export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    `Maximum allowed size is ${Math.round(maxBytes / (1024 * 1024))}MB.`,
  );
}

/**
 * Passes an upload through while it streams: fails with 413 as soon as it passes `maxBytes`, and
 * with 415 when its first bytes are not those of `declaredType` (a PNG sent as image/jpeg, a text
 * file sent as an image). Nothing is held beyond the first few bytes.
 */
export class ImageGuard extends Transform {
  private received = 0;
  private head: Buffer = Buffer.alloc(0);
  private checked = false;

  constructor(
    private readonly declaredType: ProfileImageType,
    private readonly maxBytes: number,
  ) {
    super();
  }

  /** The bytes passed so far: the size of the stored image once the body has ended. */
  get bytes(): number {
    return this.received;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) {
      done(tooLarge(this.maxBytes));
    } else if (this.checked) {
      done(null, chunk);
    } else {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < HEAD_BYTES) {
        done();
      } else if (!SIGNATURES[this.declaredType](this.head)) {
        done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE));
      } else {
        this.checked = true;
        const held = this.head;
        this.head = Buffer.alloc(0);
        done(null, held);
      }
    }
  }

  override _flush(done: TransformCallback): void {
    done(this.checked ? null : new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE));
  }
}

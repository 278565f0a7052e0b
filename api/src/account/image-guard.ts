import { Transform, type TransformCallback } from 'node:stream';
import type { ProfileImageType } from '@trek/shared/schemas';
import { HttpError } from '../http/errors.js';
import { IMAGE_HEAD_BYTES, imageTypeOf } from './image-header.js';

export const NOT_AN_IMAGE = 'Only JPEG, PNG or WebP images are accepted.';

export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    `Maximum allowed size is ${Math.round(maxBytes / (1024 * 1024))}MB.`,
  );
}

const notAnImage = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);

/**
 * Passes an upload through while it streams: fails with 413 as soon as it passes `maxBytes`, and
 * with 415 when its bytes are no JPEG, PNG or WebP, whatever type was declared. `type` is the
 * type its first bytes show, known before the rest is read (the stored photo's name and type).
 * Nothing is held beyond the first few bytes.
 */
export class ImageGuard extends Transform {
  /** The type the bytes show; rejects as the guard fails, when that comes first. */
  readonly type: Promise<ProfileImageType>;
  private received = 0;
  private head: Buffer = Buffer.alloc(0);
  private detected: ProfileImageType | null = null;
  private resolveType: (type: ProfileImageType) => void = () => {};

  constructor(private readonly maxBytes: number) {
    super();
    this.type = new Promise((resolve, reject) => {
      this.resolveType = resolve;
      // Also the listener that keeps an error before the store reads the guard from going
      // uncaught; the store's own pipeline sees the error too.
      this.on('error', reject);
    });
  }

  /** The bytes passed so far: the size of the stored image once the body has ended. */
  get bytes(): number {
    return this.received;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) {
      done(tooLarge(this.maxBytes));
      return;
    }
    if (this.detected) {
      done(null, chunk);
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < IMAGE_HEAD_BYTES) {
      done();
      return;
    }
    const held = this.head;
    this.head = Buffer.alloc(0);
    const type = imageTypeOf(held);
    if (!type) {
      done(notAnImage());
      return;
    }
    this.detected = type;
    this.resolveType(type);
    done(null, held);
  }

  override _flush(done: TransformCallback): void {
    // Ended before its type was known.
    done(this.detected ? null : notAnImage());
  }
}

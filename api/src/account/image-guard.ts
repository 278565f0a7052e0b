import { Transform, type TransformCallback } from 'node:stream';
import type { ProfileImageType } from '@trek/shared/schemas';
import { HttpError } from '../http/errors.js';
import {
  IMAGE_HEAD_BYTES,
  imageTypeOf,
  JpegSizeReader,
  type PixelSize,
  pngSize,
  webpSize,
} from './image-header.js';

/**
 * The largest photo in pixels (docs/product/account.md, "Profile photo"): a photo is drawn in
 * the header's avatar on every page, and a few megabytes of PNG can decode to gigabytes, which
 * freezes a phone's tab. 25 megapixels takes any camera's photo that fits in 5 MB (6000×4000).
 */
export const PROFILE_IMAGE_MAX_SIDE = 6000;
export const PROFILE_IMAGE_MAX_PIXELS = 25_000_000;

export const NOT_AN_IMAGE = 'Only JPEG, PNG or WebP images are accepted.';
export const TOO_MANY_PIXELS = `This image is too large in pixels: at most ${PROFILE_IMAGE_MAX_SIDE} pixels on a side and ${PROFILE_IMAGE_MAX_PIXELS / 1_000_000} megapixels.`;

export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    `Maximum allowed size is ${Math.round(maxBytes / (1024 * 1024))}MB.`,
  );
}

const notAnImage = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);

/** Why an image of this size is refused, or null when it is taken. */
function sizeError(size: PixelSize | null | 'invalid'): HttpError | null {
  if (size === null || size === 'invalid' || size.width === 0 || size.height === 0)
    return notAnImage();
  if (
    size.width > PROFILE_IMAGE_MAX_SIDE ||
    size.height > PROFILE_IMAGE_MAX_SIDE ||
    size.width * size.height > PROFILE_IMAGE_MAX_PIXELS
  )
    return new HttpError(422, 'IMAGE_TOO_LARGE', TOO_MANY_PIXELS);
  return null;
}

/**
 * Passes an upload through while it streams: fails with 413 as soon as it passes `maxBytes`;
 * with 415 when its bytes are no JPEG, PNG or WebP, whatever type was declared; with 422 when
 * its header says it is larger in pixels than a photo may be. `type` is the type its first bytes
 * show, known before the rest is read (the stored photo's name and type); a JPEG's size comes
 * further on and is read in passing. Nothing is held beyond the first few bytes.
 */
export class ImageGuard extends Transform {
  /** The type the bytes show; rejects as the guard fails, when that comes first. */
  readonly type: Promise<ProfileImageType>;
  private received = 0;
  private head: Buffer = Buffer.alloc(0);
  private detected: ProfileImageType | null = null;
  private jpeg: JpegSizeReader | null = null;
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
      const error = this.measureJpeg(chunk);
      if (error) done(error);
      else done(null, chunk);
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
    if (type === 'image/jpeg') this.jpeg = new JpegSizeReader();
    const error =
      type === 'image/jpeg'
        ? this.measureJpeg(held)
        : sizeError(type === 'image/png' ? pngSize(held) : webpSize(held));
    if (error) {
      done(error);
      return;
    }
    this.detected = type;
    this.resolveType(type);
    done(null, held);
  }

  override _flush(done: TransformCallback): void {
    // Ended before its type was known, or a JPEG that never stated its size.
    done(!this.detected || this.jpeg ? notAnImage() : null);
  }

  /** Reads a JPEG's size from the next bytes; the error once it is known to be refused. */
  private measureJpeg(chunk: Buffer): HttpError | null {
    if (!this.jpeg) return null;
    const size = this.jpeg.push(chunk);
    if (size === undefined) return null;
    // Measured: the rest passes unread.
    this.jpeg = null;
    return sizeError(size);
  }
}

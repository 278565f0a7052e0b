import type { ProfileImageType } from '@trek/shared/schemas';

/** An image's size in pixels, as its header states it (nothing is decoded). */
export interface PixelSize {
  width: number;
  height: number;
}

/**
 * Bytes enough to tell the accepted types apart and to read a PNG's or a WebP's size: the
 * furthest field is a VP8 frame's height, at bytes 28 and 29.
 */
export const IMAGE_HEAD_BYTES = 30;

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

/** A PNG's size from its IHDR chunk, which the format puts first; null when it is not there. */
export function pngSize(head: Buffer): PixelSize | null {
  if (head.length < 24 || head.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/**
 * A WebP's size from its first chunk: a lossy frame (`VP8 `), a lossless one (`VP8L`) or the
 * extended header (`VP8X`, whose canvas holds every frame of an animation); null otherwise.
 */
export function webpSize(head: Buffer): PixelSize | null {
  if (head.length < IMAGE_HEAD_BYTES) return null;
  switch (head.subarray(12, 16).toString('latin1')) {
    case 'VP8 ':
      // A key frame (bit 0 of the frame tag clear) and its start code come before the size.
      if ((head[20] ?? 1) & 1 || head.readUIntBE(23, 3) !== 0x9d012a) return null;
      return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      if (head[20] !== 0x2f) return null;
      const bits = head.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
    default:
      return null;
  }
}

/** Start-of-frame markers, which carry the size: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * A JPEG's size, read as the file streams past: the frame header (SOF) may follow any number of
 * segments (EXIF with its thumbnail, colour profiles), so their bodies are skipped, never held.
 * Call `push` with the bytes in order, from the first; it answers the size once it has read it,
 * 'invalid' when the bytes are no JPEG with a frame header, or undefined while it needs more.
 */
export class JpegSizeReader {
  private state: 'start' | 'marker' | 'code' | 'length' | 'skip' | 'frame' = 'start';
  /** The few bytes of a field split across chunks (a length, a frame header). */
  private field: number[] = [];
  private marker = 0;
  private toSkip = 0;
  private result: PixelSize | 'invalid' | undefined;

  push(chunk: Buffer): PixelSize | 'invalid' | undefined {
    let at = 0;
    while (this.result === undefined && at < chunk.length) {
      if (this.state === 'skip') {
        const skipped = Math.min(this.toSkip, chunk.length - at);
        at += skipped;
        this.toSkip -= skipped;
        if (this.toSkip === 0) this.state = 'marker';
        continue;
      }
      this.read(chunk[at] as number);
      at += 1;
    }
    return this.result;
  }

  private read(byte: number): void {
    switch (this.state) {
      case 'start':
        this.field.push(byte);
        if (this.field.length === 2) {
          this.result = this.field[0] === 0xff && this.field[1] === 0xd8 ? undefined : 'invalid';
          this.field = [];
          this.state = 'marker';
        }
        return;
      case 'marker':
        // Bytes between segments are skipped, as libjpeg (the browsers' decoder) does with only a
        // warning: some tools pad there, and such a photo shows everywhere.
        if (byte === 0xff) this.state = 'code';
        return;
      case 'code':
        // 0xFF before a marker is fill; markers without a length stand alone (TEM, RST0–7).
        if (byte === 0xff || byte === 0x01 || (byte >= 0xd0 && byte <= 0xd7)) {
          if (byte !== 0xff) this.state = 'marker';
        } else if (byte === 0x00 || byte === 0xd8 || byte === 0xd9 || byte === 0xda) {
          // No frame header before the image data or its end: nothing says how large it is.
          this.result = 'invalid';
        } else {
          this.marker = byte;
          this.state = 'length';
        }
        return;
      case 'length':
        this.field.push(byte);
        if (this.field.length === 2) {
          const length = ((this.field[0] as number) << 8) | (this.field[1] as number);
          this.field = [];
          if (isStartOfFrame(this.marker)) {
            // Precision, height and width come first in a frame header.
            if (length < 8) this.result = 'invalid';
            else this.state = 'frame';
          } else if (length < 2) {
            this.result = 'invalid';
          } else {
            this.toSkip = length - 2;
            this.state = this.toSkip === 0 ? 'marker' : 'skip';
          }
        }
        return;
      case 'frame':
        this.field.push(byte);
        if (this.field.length === 5) {
          const [, h1, h2, w1, w2] = this.field as [number, number, number, number, number];
          this.result = { width: (w1 << 8) | w2, height: (h1 << 8) | h2 };
        }
        return;
      default:
        return;
    }
  }
}

import { describe, expect, it } from 'vitest';
import { jpegOf, pngOf, webpOf } from '../testing/image-headers.js';
import { imageTypeOf, JpegSizeReader, pngSize, webpSize } from './image-header.js';

/** Feeds the reader `size` bytes at a time, as a slow upload would. */
function jpegSizeOf(bytes: Buffer, size = bytes.length) {
  const reader = new JpegSizeReader();
  let result: ReturnType<JpegSizeReader['push']>;
  for (let at = 0; at < bytes.length && result === undefined; at += size)
    result = reader.push(bytes.subarray(at, at + size));
  return result;
}

describe('image headers', () => {
  it('tells the type from the bytes alone', () => {
    expect(imageTypeOf(pngOf(1, 1))).toBe('image/png');
    expect(imageTypeOf(jpegOf(1, 1))).toBe('image/jpeg');
    expect(imageTypeOf(webpOf(1, 1))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(imageTypeOf(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
  });

  it("reads a PNG's and a WebP's size from their first 30 bytes", () => {
    expect(pngSize(pngOf(16000, 16000).subarray(0, 30))).toEqual({ width: 16000, height: 16000 });
    for (const kind of ['VP8 ', 'VP8L', 'VP8X'] as const) {
      expect(webpSize(webpOf(640, 480, kind).subarray(0, 30)), kind).toEqual({
        width: 640,
        height: 480,
      });
    }
    expect(webpSize(webpOf(16383, 16383, 'VP8 ').subarray(0, 30))).toEqual({
      width: 16383,
      height: 16383,
    });
    expect(webpSize(webpOf(16384, 9000, 'VP8L'))).toEqual({ width: 16384, height: 9000 });
    expect(webpSize(webpOf(20000, 20000, 'VP8X'))).toEqual({ width: 20000, height: 20000 });
    // No IHDR first, or a WebP chunk that is no image: no size to read.
    const noIhdr = pngOf(1, 1);
    noIhdr.write('tEXt', 12, 'latin1');
    expect(pngSize(noIhdr)).toBeNull();
    const noFrame = webpOf(1, 1);
    noFrame.write('ICCP', 12, 'latin1');
    expect(webpSize(noFrame)).toBeNull();
  });

  it("reads a JPEG's size from its frame header, past the segments before it, in any chunks", () => {
    const photo = jpegOf(4032, 3024, 70_000);
    expect(jpegSizeOf(photo)).toEqual({ width: 4032, height: 3024 });
    expect(jpegSizeOf(photo, 1)).toEqual({ width: 4032, height: 3024 });
    expect(jpegSizeOf(photo, 7)).toEqual({ width: 4032, height: 3024 });
    expect(jpegSizeOf(jpegOf(16000, 16000))).toEqual({ width: 16000, height: 16000 });
  });

  it('skips stray bytes between segments, as the browsers’ decoder does', () => {
    const photo = jpegOf(640, 480);
    // After SOI (2 bytes) and the JFIF segment (marker 2, length 16).
    const padded = Buffer.concat([
      photo.subarray(0, 20),
      Buffer.from([0x00, 0x12]),
      photo.subarray(20),
    ]);
    expect(jpegSizeOf(padded)).toEqual({ width: 640, height: 480 });
    expect(jpegSizeOf(padded, 1)).toEqual({ width: 640, height: 480 });
  });

  it('finds no size in a JPEG whose image data or end comes before any frame header', () => {
    const soi = Buffer.from([0xff, 0xd8]);
    expect(jpegSizeOf(Buffer.concat([soi, Buffer.from([0xff, 0xda, 0, 2, 1, 2])]))).toBe('invalid');
    expect(jpegSizeOf(Buffer.concat([soi, Buffer.from([0xff, 0xd9])]))).toBe('invalid');
    // Cut short: nothing to say yet.
    expect(jpegSizeOf(jpegOf(10, 10, 500).subarray(0, 300))).toBeUndefined();
  });
});

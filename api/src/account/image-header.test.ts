import { describe, expect, it } from 'vitest';
import { jpegOf, pngOf, webpOf } from '../testing/image-headers.js';
import { imageTypeOf } from './image-header.js';

describe('image headers', () => {
  it('tells the type from the bytes alone', () => {
    expect(imageTypeOf(pngOf(1, 1))).toBe('image/png');
    expect(imageTypeOf(jpegOf(1, 1))).toBe('image/jpeg');
    expect(imageTypeOf(webpOf(1, 1))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(imageTypeOf(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
  });
});

/**
 * The first bytes of real images of any size in pixels, then filler: what the upload's checks
 * read (type and size from the header), without large fixtures. No decoder would draw them.
 */

const FILLER = Buffer.alloc(160, 7);

function u16be(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function u24le(value: number): Buffer {
  const bytes = Buffer.alloc(3);
  bytes.writeUIntLE(value, 0, 3);
  return bytes;
}

function u32(value: number, endian: 'BE' | 'LE'): Buffer {
  const bytes = Buffer.alloc(4);
  if (endian === 'BE') bytes.writeUInt32BE(value);
  else bytes.writeUInt32LE(value);
  return bytes;
}

/** A PNG: signature, then the IHDR chunk with its size (8-bit RGBA). */
export function pngOf(width: number, height: number): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    u32(13, 'BE'),
    Buffer.from('IHDR'),
    u32(width, 'BE'),
    u32(height, 'BE'),
    Buffer.from([8, 6, 0, 0, 0]),
    Buffer.alloc(4),
    FILLER,
  ]);
}

/**
 * A JPEG: SOI, a JFIF APP0 segment, `exifBytes` of APP1 segments (a camera's EXIF and
 * thumbnail come before the frame), fill bytes, then a baseline frame header with its size.
 */
export function jpegOf(width: number, height: number, exifBytes = 0): Buffer {
  // A segment holds at most 65533 bytes: more come as further APP segments (a colour profile).
  const segments: Buffer[] = [];
  for (let left = exifBytes; left > 0; left -= 65533) {
    const size = Math.min(left, 65533);
    segments.push(Buffer.from([0xff, 0xe1]), u16be(size + 2), Buffer.alloc(size, 0xff));
  }
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0]),
    u16be(16),
    Buffer.from('JFIF\0'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segments,
    Buffer.from([0xff, 0xff, 0xc0]),
    u16be(17),
    Buffer.from([8]),
    u16be(height),
    u16be(width),
    Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    FILLER,
  ]);
}

function riff(chunk: string, payload: Buffer): Buffer {
  const body = Buffer.concat([
    Buffer.from('WEBP'),
    Buffer.from(chunk),
    u32(payload.length, 'LE'),
    payload,
  ]);
  return Buffer.concat([Buffer.from('RIFF'), u32(body.length, 'LE'), body]);
}

/** A WebP whose first chunk is a lossy frame, a lossless one or the extended header. */
export function webpOf(
  width: number,
  height: number,
  kind: 'VP8 ' | 'VP8L' | 'VP8X' = 'VP8 ',
): Buffer {
  if (kind === 'VP8 ') {
    const size = Buffer.alloc(4);
    size.writeUInt16LE(width, 0);
    size.writeUInt16LE(height, 2);
    return riff(
      kind,
      Buffer.concat([Buffer.from([0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a]), size, FILLER]),
    );
  }
  if (kind === 'VP8L') {
    const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
    return riff(kind, Buffer.concat([Buffer.from([0x2f]), u32(bits, 'LE'), FILLER]));
  }
  return riff(
    kind,
    Buffer.concat([Buffer.from([0x10, 0, 0, 0]), u24le(width - 1), u24le(height - 1), FILLER]),
  );
}

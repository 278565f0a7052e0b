import { Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';

const SIZE = 96;

/**
 * The chosen photo, 96 px square. A file the browser cannot draw (named .png, but no image inside)
 * shows "No preview" in the same square, instead of a broken image whose alt text spills out of
 * it and pushes the file's name aside.
 */
export function PhotoPreview({ src }: { src: string }) {
  // Keyed by the address: another file chosen gets its own try.
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === src) {
    return (
      <Stack
        w={SIZE}
        h={SIZE}
        bg="gray.1"
        align="center"
        justify="center"
        style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-xl)' }}
      >
        <Text fz="sm" c="gray.8" ta="center">
          No preview
        </Text>
      </Stack>
    );
  }
  return (
    <Image
      src={src}
      alt="Preview of the chosen photo"
      w={SIZE}
      h={SIZE}
      radius="xl"
      fit="cover"
      // Until the error is handled, the browser's broken image keeps to the square.
      style={{ flexShrink: 0, overflow: 'hidden' }}
      onError={() => setBroken(src)}
    />
  );
}

import { Stack, Text, UnstyledButton } from '@mantine/core';
import { PROFILE_IMAGE_TYPES } from '@trek/shared';
import { type Ref, useRef, useState } from 'react';
import { checkPhotos, dragVerdict } from '../model/photo-choice';
import type { RejectedFile } from '../model/photo-toasts';
import classes from './photo-drop-area.module.css';

const RULES = 'One JPEG, PNG or WebP image, up to 5MB';

/**
 * Where a photo is chosen: dropped on the area, or picked from the files by a click, Enter or
 * Space (it is a button that opens the browser's file chooser). Our own, with the browser's
 * drag events and a file input, in place of @mantine/dropzone, which needs Node 22 to install.
 */
export function PhotoDropArea({
  onPick,
  onReject,
  ref,
}: {
  onPick: (photo: File) => void;
  onReject: (rejected: RejectedFile[]) => void;
  /** The area's button, for the dialog to give it focus. */
  ref?: Ref<HTMLButtonElement>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragged, setDragged] = useState<ReturnType<typeof dragVerdict> | null>(null);

  const take = (files: readonly File[]) => {
    const { photo, rejected } = checkPhotos(files);
    if (photo) onPick(photo);
    else if (rejected.length > 0) onReject(rejected);
  };

  return (
    <>
      <UnstyledButton
        ref={ref}
        className={classes.zone}
        data-accept={dragged === 'accept' || undefined}
        data-reject={dragged === 'reject' || undefined}
        aria-label="Choose a photo: drop it here, or press Enter to browse your files"
        aria-describedby="photo-rules"
        // The dialog's first stage: its main action takes the focus as the dialog opens.
        data-autofocus
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragged(dragVerdict(event.dataTransfer.items ?? []));
        }}
        onDragLeave={() => setDragged(null)}
        onDrop={(event) => {
          event.preventDefault();
          setDragged(null);
          take(Array.from(event.dataTransfer.files));
        }}
      >
        <Stack align="center" gap={4} py="lg">
          {dragged === 'reject' ? (
            <Text fw={600} c="red.8">
              {RULES}
            </Text>
          ) : (
            <Text fw={600}>
              {dragged === 'accept'
                ? 'Drop the photo to use it'
                : 'Drag a photo here or click to choose one'}
            </Text>
          )}
          <Text fz="sm" c="dimmed" id="photo-rules">
            {RULES}.
          </Text>
        </Stack>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // The same file chosen again after a refusal must fire a change again.
          event.currentTarget.value = '';
          take(files);
        }}
      />
    </>
  );
}

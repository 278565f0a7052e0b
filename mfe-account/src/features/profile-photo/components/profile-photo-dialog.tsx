import { Avatar, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  busyButtonProps,
  changeProfileImageMutationOptions,
  removeProfileImageMutationOptions,
  type User,
  useOnePress,
  userInitial,
  useSingleFlightMutation,
} from '@trek/shared';
import { useEffect, useRef, useState } from 'react';
import { hideToast, toastFailure, toastSuccess, toastSuccessReplaceable } from '../../../ui/toasts';
import { useNoStrayDrops } from '../hooks/use-no-stray-drops';
import { failureToast, rejectionToast, type Toast, uploadedToast } from '../model/photo-toasts';
import { PhotoDropArea } from './photo-drop-area';
import { PhotoPreview } from './photo-preview';

type Stage = 'idle' | 'selected' | 'uploading' | 'done' | 'confirm-remove';

/**
 * 'Upload successful' says the file arrived; what became of it (the photo saved, or not) then
 * takes its place, as one toast shows at a time.
 */
const UPLOADED_TOAST_ID = 'profile-photo-uploaded';

const showFailure = ({ title, message }: Toast) => toastFailure(message, title, UPLOADED_TOAST_ID);

function sizeLabel(bytes: number): string {
  const kilobytes = Math.round(bytes / 1024);
  if (kilobytes >= 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${kilobytes} kB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/**
 * The profile photo dialog (spec: idle, files selected, uploading, done): one JPEG, PNG or WebP
 * image of at most 5 MB, chosen by drag and drop, click or keyboard, previewed, then uploaded
 * with its progress shown. The header's avatar shows the new photo as soon as it is saved.
 */
export function ProfilePhotoDialog({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: User;
}) {
  const [stage, setStage] = useState<Stage>('idle');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const cancelUpload = useRef<AbortController | null>(null);
  const change = useSingleFlightMutation(changeProfileImageMutationOptions());
  const remove = useSingleFlightMutation(removeProfileImageMutationOptions());
  // A failed upload puts Upload photo back, and a failed removal leaves Remove photo, under a
  // double click's second click (the local API answers first), which would send it again.
  const press = useOnePress();
  // Each stage's buttons replace the last one's: focus goes to the new stage's main button (back
  // to choosing, the drop area) instead of falling back to the page (a failed upload returns it
  // to 'Upload photo'). As the dialog opens, `data-autofocus` puts it on the first stage's drop
  // area, not on the Close button, which Enter would press at once.
  const stageButton = useRef<HTMLButtonElement>(null);
  const stageShown = useRef(stage);
  useEffect(() => {
    if (stageShown.current === stage) return;
    stageShown.current = stage;
    // Closing resets the stage too: focus then goes back to what opened the dialog.
    if (opened) stageButton.current?.focus();
  }, [stage, opened]);

  useNoStrayDrops(opened);

  // The preview's object URL lives as long as it is shown.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const reset = () => {
    setStage('idle');
    setFile(null);
    setPreview(null);
    setProgress(0);
  };
  // Neither an upload nor a removal can be walked away from: its outcome is said in the dialog
  // it was started from (a failure as a toast over a closed dialog reads as a stray message).
  const busy = stage === 'uploading' || remove.isPending;
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = (picked: File) => {
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
    setStage('selected');
  };

  const upload = () => {
    if (!file) return;
    const controller = new AbortController();
    const sent = change.mutate(
      {
        file,
        onProgress: (sent) => setProgress(Math.round(sent * 100)),
        onUploaded: () =>
          toastSuccessReplaceable(UPLOADED_TOAST_ID, uploadedToast.message, uploadedToast.title),
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          setStage('done');
          toastSuccess('Profile photo updated successfully', undefined, UPLOADED_TOAST_ID);
        },
        onError: (error) => {
          setStage('selected');
          // A cancel the traveler asked for is no failure, and the file that arrived is not
          // their photo: 'Upload successful' goes with it.
          if (controller.signal.aborted) hideToast(UPLOADED_TOAST_ID);
          else showFailure(failureToast(error, file.name));
        },
      },
    );
    // Only the upload that was sent is the one Cancel upload stops.
    if (!sent) return;
    cancelUpload.current = controller;
    setProgress(0);
    setStage('uploading');
  };

  const removePhoto = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toastSuccess('Profile photo updated successfully');
        // Not `close`: it is the removal's own end that closes the dialog.
        reset();
        onClose();
      },
      onError: () => toastFailure('Failed to update profile photo'),
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Profile photo"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // As in the delete-account dialog: a click on the dimmed page does not take the focus
      // out of the dialog meanwhile.
      overlayProps={{
        onMouseDown: (event) => {
          if (busy) event.preventDefault();
        },
      }}
    >
      {stage === 'idle' && (
        <Stack gap="md">
          <PhotoDropArea
            ref={stageButton}
            onPick={choose}
            onReject={(rejected) => showFailure(rejectionToast(rejected))}
          />
          <Group justify="space-between">
            {user.profileImageUrl ? (
              <Button variant="subtle" color="red" onClick={() => setStage('confirm-remove')}>
                Remove photo
              </Button>
            ) : (
              <span />
            )}
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}

      {(stage === 'selected' || stage === 'uploading') && file && (
        <Stack gap="md">
          <Group wrap="nowrap" gap="md">
            {preview && <PhotoPreview src={preview} />}
            <Stack gap={2} miw={0}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
              <Text fz="sm" c="dimmed">
                {sizeLabel(file.size)}
              </Text>
            </Stack>
          </Group>
          {stage === 'uploading' ? (
            <Stack gap={4}>
              <Text fz="sm" id="upload-progress-label">
                Uploading… {progress}%
              </Text>
              {/* The section has role progressbar: `Progress` would put the name on its root. */}
              <Progress.Root>
                <Progress.Section
                  value={progress}
                  animated
                  aria-labelledby="upload-progress-label"
                />
              </Progress.Root>
              <Group justify="flex-end" mt="xs">
                <Button
                  ref={stageButton}
                  variant="default"
                  onClick={() => cancelUpload.current?.abort()}
                >
                  Cancel upload
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="space-between">
              <Button variant="default" onClick={reset}>
                Choose another
              </Button>
              <Button ref={stageButton} {...press('upload', upload)} data-autofocus>
                Upload photo
              </Button>
            </Group>
          )}
        </Stack>
      )}

      {stage === 'done' && (
        <Stack gap="md" align="center">
          <Avatar src={user.profileImageUrl} alt="Your new profile photo" size={96} radius="xl">
            {userInitial(user)}
          </Avatar>
          {/* Not a live region: the toast 'Profile photo updated successfully' says it once. */}
          <Text>Your new profile photo is saved.</Text>
          <Button ref={stageButton} onClick={close} data-autofocus>
            Done
          </Button>
        </Stack>
      )}

      {stage === 'confirm-remove' && (
        <Stack gap="md">
          <Text>Remove your profile photo? Your initial is shown instead.</Text>
          <Group justify="flex-end">
            <Button
              ref={stageButton}
              variant="default"
              onClick={() => setStage('idle')}
              data-autofocus
              // The removal cannot be called back once sent.
              {...busyButtonProps(remove.isPending, { spinner: false })}
            >
              Keep photo
            </Button>
            <Button
              color="red"
              {...press('remove', removePhoto)}
              {...busyButtonProps(remove.isPending)}
            >
              Remove photo
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

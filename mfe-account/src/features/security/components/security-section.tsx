import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import {
  ApiError,
  busyButtonProps,
  rateLimitMessage,
  requestDataExportMutationOptions,
  signOutOtherDevicesMutationOptions,
  type User,
  useOnePress,
  useSingleFlightMutation,
} from '@trek/shared';
import { type ReactNode, useState } from 'react';
import { SettingsSection } from '../../../ui/settings-section';
import { toastFailure, toastSuccess } from '../../../ui/toasts';
import { DeleteAccountDialog } from './delete-account-dialog';

function Row({ title, text, action }: { title: string; text: ReactNode; action: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Stack gap={2} maw={480}>
        <Text fw={500}>{title}</Text>
        <Text fz="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}

/**
 * How long to wait before asking again, when the refusal is a limit (429: a few exports a day):
 * the wait in the words of the other limits, from `Retry-After`, or the server's own sentence
 * without one. Null for any other failure, which says only the spec's words.
 */
function exportWaitOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  if (error.retryAfterSeconds !== undefined) return rateLimitMessage(error.retryAfterSeconds);
  return error.serverMessage ?? null;
}

/**
 * Security & Privacy: sign out of other devices, export the data, delete the account. Each write
 * is sent once however often its button is pressed, and the busy button keeps the focus. The
 * local API answers within a click's time, so the busy state alone lets a double click's second
 * half through: Export my data stays where it is, and the dialog's button stays clickable while
 * the dialog closes (docs/decisions/0090).
 */
export function SecuritySection({ user }: { user: User }) {
  const signOut = useSingleFlightMutation(signOutOtherDevicesMutationOptions());
  const exportData = useSingleFlightMutation(requestDataExportMutationOptions());
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const press = useOnePress();

  const signOutOthers = () => {
    // A press on the dialog as it closes is not a confirmation.
    if (!confirmSignOut) return;
    signOut.mutate(undefined, {
      onSuccess: () => {
        setConfirmSignOut(false);
        toastSuccess('Signed out from all other devices. Your current session remains active.');
      },
      onError: () => {
        setConfirmSignOut(false);
        toastFailure('Failed to sign out of all devices');
      },
    });
  };

  const requestExport = () =>
    exportData.mutate(undefined, {
      onSuccess: () => toastSuccess("We'll email you a download link within 24 hours"),
      onError: (error) => {
        const wait = exportWaitOf(error);
        if (wait) toastFailure(wait, 'Failed to request data export');
        else toastFailure('Failed to request data export');
      },
    });

  return (
    <SettingsSection title="Security & Privacy" description="Your sessions and your data.">
      <Row
        title="Sign out of all other devices"
        text="Ends every session but this one, on phones, tablets and other browsers."
        action={
          <Button variant="default" onClick={() => setConfirmSignOut(true)}>
            Sign out other devices
          </Button>
        }
      />
      <Divider />
      <Row
        title="Export your data"
        text={
          user.hasTemporaryEmail
            ? 'Add your email address first: the download link is sent by email.'
            : 'A file of everything we hold about you, sent to you as a download link by email.'
        }
        action={
          <Button
            variant="default"
            disabled={user.hasTemporaryEmail}
            {...busyButtonProps(exportData.isPending)}
            {...press('export', requestExport)}
          >
            Export my data
          </Button>
        }
      />
      <Divider />
      <Row
        title="Delete your account"
        text="Your account, trek requests and photo are deleted for good."
        action={
          <Button color="red" variant="light" onClick={() => setDeleting(true)}>
            Delete account
          </Button>
        }
      />
      <Modal
        opened={confirmSignOut}
        onClose={() => !signOut.isPending && setConfirmSignOut(false)}
        title="Sign out of all other devices?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>Every other session ends. You stay signed in here.</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirmSignOut(false)}
              disabled={signOut.isPending}
              data-autofocus
            >
              Cancel
            </Button>
            <Button {...press('sign-out', signOutOthers)} {...busyButtonProps(signOut.isPending)}>
              Sign out other devices
            </Button>
          </Group>
        </Stack>
      </Modal>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} />
    </SettingsSection>
  );
}

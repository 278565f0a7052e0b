import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  busyButtonProps,
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountMutationOptions,
  PATHS,
  useSingleFlightMutation,
} from '@trek/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastFailure, toastSuccess } from '../../../ui/toasts';

/**
 * Deleting the account: enabled once DELETE is typed, sent once however often it is pressed;
 * then signed out and sent to /, where the host puts focus on the page's heading.
 */
export function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useSingleFlightMutation(deleteAccountMutationOptions());
  const navigate = useNavigate();
  const confirmed = typed === DELETE_ACCOUNT_CONFIRMATION;

  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete your account?"
      centered
      // The deletion cannot be called back once sent: no X while it is on its way, rather than
      // one that looks as it always does and does nothing.
      withCloseButton={!remove.isPending}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Nor does a click on the dimmed page take the keyboard out of the dialog meanwhile (focus
      // moves on mouse down; the dialog stays open).
      overlayProps={{
        onMouseDown: (event) => {
          if (remove.isPending) event.preventDefault();
        },
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirmed) return;
          remove.mutate(undefined, {
            onSuccess: () => {
              toastSuccess('Account deleted successfully');
              navigate(PATHS.home);
            },
            onError: () => toastFailure('Failed to delete account'),
          });
        }}
      >
        <Stack gap="md">
          <Text>This permanently deletes, and cannot be undone:</Text>
          <List size="sm" spacing={4}>
            <List.Item>your account, sign-in methods and settings;</List.Item>
            <List.Item>your trek requests, with their history and guide offers;</List.Item>
            <List.Item>your profile photo and any data export.</List.Item>
          </List>
          <TextInput
            label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red"
              disabled={!confirmed}
              {...busyButtonProps(remove.isPending, { spinner: false })}
            >
              {remove.isPending ? 'Deleting...' : 'Delete account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

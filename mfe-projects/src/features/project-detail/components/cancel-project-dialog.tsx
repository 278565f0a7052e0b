import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ApiError,
  busyButtonProps,
  deleteProjectMutationOptions,
  PATHS,
  useSingleFlightMutation,
} from '@trek/shared';
import { useNavigate } from 'react-router-dom';

export interface CancelProjectDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Cancel this project?': deleting is for good, and sent once however often the button is
 * pressed. On success (or when it turns out to be gone already) the traveler lands on My
 * Projects, whose list the mutation has refreshed, with focus on its heading (the host's route
 * announcer). A failure is said in a toast, and focus stays on 'Delete project' to try again.
 */
export function CancelProjectDialog({ projectId, opened, onClose }: CancelProjectDialogProps) {
  const navigate = useNavigate();
  const cancel = useSingleFlightMutation(deleteProjectMutationOptions());
  const deleting = cancel.isPending;

  const confirm = () =>
    cancel.mutate(projectId, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Project cancelled',
          message: 'Your trek request has been deleted.',
        });
        navigate(PATHS.projects);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          notifications.show({
            color: 'teal',
            title: 'Project cancelled',
            message: 'This trek request had already been deleted.',
          });
          navigate(PATHS.projects);
          return;
        }
        notifications.show({
          color: 'red',
          title: 'Failed to delete project',
          message: 'Your project is still there. Please try again.',
        });
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!deleting) onClose();
      }}
      title="Cancel this project?"
      closeOnClickOutside={!deleting}
      closeOnEscape={!deleting}
      withCloseButton={!deleting}
    >
      <Stack gap="md">
        <Text fz="sm">
          Your trek request will be permanently deleted. This action cannot be undone.
        </Text>
        <List fz="sm" spacing={4}>
          <List.Item>All the details of this project will be lost.</List.Item>
          <List.Item>Guide offers and conversations about it will be deleted.</List.Item>
          <List.Item>To request this trek again, you will need to create a new project.</List.Item>
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deleting} data-autofocus>
            Keep project
          </Button>
          {/* The spec's 'Deleting...' stays in view: it says what the spinner would. */}
          <Button color="red" onClick={confirm} {...busyButtonProps(deleting, { spinner: false })}>
            {deleting ? 'Deleting...' : 'Delete project'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

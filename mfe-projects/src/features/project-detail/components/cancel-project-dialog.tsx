import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { ApiError, deleteProjectMutationOptions, PATHS } from '@trek/shared';
import { useNavigate } from 'react-router-dom';

export interface CancelProjectDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Cancel this project?': deleting is for good. On success (or when it turns out to be gone
 * already) the traveler lands on My Projects, whose list the mutation has refreshed.
 */
export function CancelProjectDialog({ projectId, opened, onClose }: CancelProjectDialogProps) {
  const navigate = useNavigate();
  const cancel = useMutation(deleteProjectMutationOptions());
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
          <Button color="red" onClick={confirm} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete project'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

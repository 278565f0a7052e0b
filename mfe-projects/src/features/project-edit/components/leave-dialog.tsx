import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Blocker } from 'react-router-dom';

/** Asked when the traveler leaves the edit page (a link, the back button) with unsaved edits. */
export function LeaveDialog({
  blocker,
  opened,
  onLeave,
}: {
  blocker: Blocker;
  /** Called as the traveler leaves without saving (the kept draft goes too). */
  onLeave: () => void;
  /** Whether the blocked navigation is asked about (not one held while the edits are saved). */
  opened: boolean;
}) {
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title="Leave without saving?">
      <Stack gap="md">
        <Text fz="sm">
          Your changes to this project are not saved yet. If you leave this page, they will be lost.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Keep editing
          </Button>
          <Button
            color="red"
            onClick={() => {
              onLeave();
              blocker.proceed?.();
            }}
          >
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

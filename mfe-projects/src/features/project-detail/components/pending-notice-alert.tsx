import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  busyButtonProps,
  notifyGuidesMutationOptions,
  pendingGuideNoticeOf,
  useKeepFocus,
  useSingleFlightMutation,
} from '@trek/shared';
import { useState } from 'react';

/**
 * After a 'Partially saved' edit: the changes are saved but guides were not told. Offers to tell
 * them now (the notice was kept in this browser; the API queues each change set once), sent once
 * however often the button is pressed. Once sent the alert goes, and focus with it to
 * `focusWhenSent()` (the page's heading); a failure keeps focus on the button.
 */
export function PendingNoticeAlert({
  projectId,
  focusWhenSent,
}: {
  projectId: string;
  focusWhenSent: () => HTMLElement | null;
}) {
  const [notice, setNotice] = useState(() => pendingGuideNoticeOf(projectId));
  const notify = useSingleFlightMutation(notifyGuidesMutationOptions());
  const keepFocus = useKeepFocus();
  if (!notice) return null;

  const send = () =>
    notify.mutate(
      { id: projectId, notice },
      {
        onSuccess: () => {
          setNotice(null);
          keepFocus(focusWhenSent);
          notifications.show({
            color: 'teal',
            title: 'Guides notified',
            message: 'Guides will see your updated trek request.',
          });
        },
        onError: () => {
          setNotice(pendingGuideNoticeOf(projectId));
          notifications.show({
            color: 'red',
            title: 'Notification failed',
            message: 'Guides could not be notified. Please try again in a moment.',
          });
        },
      },
    );

  return (
    <Alert color="red" variant="light" title="Guides have not been notified yet">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          Your latest changes are saved, but we could not tell the guides about them.
        </Text>
        <Button size="xs" variant="default" onClick={send} {...busyButtonProps(notify.isPending)}>
          Notify guides
        </Button>
      </Stack>
    </Alert>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  busyButtonProps,
  notifyPendingGuidesMutationOptions,
  PATHS,
  pendingGuideNoticesOf,
  useKeepFocus,
  useSingleFlightMutation,
} from '@trek/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isNotFound } from '../../../model/errors';

/**
 * After a 'Partially saved' edit: the changes are saved but guides were not told. Offers to tell
 * them now: every notice kept in this browser for the project (one per save not yet told; the API
 * queues each change set once), sent in order by one press, once however often the button is
 * pressed. Once all are sent the alert goes, and focus with it to `focusWhenSent()` (the page's
 * heading); a failure keeps the alert, with the notices still to send, and focus on the button.
 * A project found gone (404: cancelled, maybe in another tab) has no guides left to tell: the
 * mutation forgets it as a cancel does, and the traveler goes to My Projects, as after a cancel,
 * told why rather than asked to try again.
 */
export function PendingNoticeAlert({
  projectId,
  focusWhenSent,
}: {
  projectId: string;
  focusWhenSent: () => HTMLElement | null;
}) {
  const [waiting, setWaiting] = useState(() => pendingGuideNoticesOf(projectId).length);
  const notify = useSingleFlightMutation(notifyPendingGuidesMutationOptions());
  const keepFocus = useKeepFocus();
  const navigate = useNavigate();
  if (waiting === 0) return null;

  const send = () =>
    notify.mutate(projectId, {
      onSuccess: () => {
        setWaiting(0);
        keepFocus(focusWhenSent);
        notifications.show({
          color: 'teal',
          title: 'Guides notified',
          message: 'Guides will see your updated trek request.',
        });
      },
      onError: (error) => {
        if (isNotFound(error)) {
          notifications.show({
            color: 'red',
            title: 'Project not found',
            message: 'This project no longer exists, so there are no guides to notify.',
          });
          navigate(PATHS.projects);
          return;
        }
        setWaiting(pendingGuideNoticesOf(projectId).length);
        notifications.show({
          color: 'red',
          title: 'Notification failed',
          message: 'Guides could not be notified. Please try again in a moment.',
        });
      },
    });

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

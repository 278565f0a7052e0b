import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { busyButtonProps, type ProjectChange, useKeepFocus } from '@trek/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SaveFailure } from '../hooks/use-save-project';

export interface ReviewDialogProps {
  opened: boolean;
  changes: ProjectChange[];
  saving: boolean;
  /** A navigation (a link, the browser's Back) waits for the save: the dialog says so. */
  navigationHeld: boolean;
  /** The save has been on its way for long (`SLOW_SAVE_MS`): the dialog says so. */
  slow: boolean;
  /** Lets the held navigation go without waiting for a slow save ('Leave now'). */
  onLeaveNow: () => void;
  /** Why the last save failed, for the traveler to read before trying again. */
  failure: Pick<SaveFailure, 'detail' | 'signInAgain'> | null;
  /** The sign-in page, returning here: offered when only signing in again can help. */
  signInHref: string;
  /**
   * Before following `signInHref`: the page is left without the leave question (the edits stay
   * as this tab's draft, and the dialog said so).
   */
  onSignInAgain: () => void;
  onClose: () => void;
  onConfirm: () => void;
}

/** What the status line says while a save is on its way (empty otherwise). */
const SAVING_STATUS = {
  held: 'Your changes are being saved; the page will change once they are.',
  slow: 'Saving is taking longer than usual.',
  slowHeld:
    'Saving is taking longer than usual. You can leave now; if the save does not go through, your edits come back when you open this page again in this tab.',
} as const;

/**
 * 'Confirm your updates': every change as before → after; a new trek needs the acknowledgement
 * that ongoing proposals may be reset, given anew each time the dialog opens.
 */
export function ReviewDialog({
  opened,
  changes,
  saving,
  navigationHeld,
  slow,
  onLeaveNow,
  failure,
  signInHref,
  onSignInAgain,
  onClose,
  onConfirm,
}: ReviewDialogProps) {
  const [acknowledged, setAcknowledged] = useState(false);
  // Each review asks anew: the page may close the dialog itself (a start date that passed) and
  // the next review may be of another trek. Reset while rendering, so it never shows ticked.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setAcknowledged(false);
  }
  const trekChanged = changes.some((change) => change.field === 'trek');
  // Only a slow save lets a held navigation go: before then, it still follows by itself.
  const offerLeaving = navigationHeld && slow;
  const status = slow
    ? offerLeaving
      ? SAVING_STATUS.slowHeld
      : SAVING_STATUS.slow
    : navigationHeld && saving
      ? SAVING_STATUS.held
      : '';
  // 'Leave now' goes with the save that was slow: if it had the keyboard, the keyboard goes to
  // the confirm button, where the failure (if that is how the save ended) is read out.
  const confirmButton = useRef<HTMLButtonElement>(null);
  const keepFocus = useKeepFocus();
  const offered = useRef(offerLeaving);
  useEffect(() => {
    if (offered.current && !offerLeaving) keepFocus(() => confirmButton.current);
    offered.current = offerLeaving;
  }, [offerLeaving, keepFocus]);
  const close = () => {
    if (!saving) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Confirm your updates"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
      size="lg"
    >
      <Stack gap="md">
        <Text fz="sm">
          Your changes will be sent to the guides, who may adjust their proposals. You can expect
          updated responses within 24–48 hours.
        </Text>
        <List spacing="sm" listStyleType="none" ml={0} pl={0}>
          {changes.map((change) => (
            <List.Item key={change.field}>
              <Text fw={600} fz="sm">
                {change.label}
              </Text>
              <Text fz="sm">
                <VisuallyHidden>from </VisuallyHidden>
                <Text span c="dimmed" td="line-through">
                  {change.before}
                </Text>
                <span aria-hidden="true"> → </span>
                <VisuallyHidden> to </VisuallyHidden>
                <Text span fw={500}>
                  {change.after}
                </Text>
              </Text>
            </List.Item>
          ))}
        </List>
        {trekChanged && (
          <Checkbox
            label="I understand this may reset ongoing proposals."
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            disabled={saving}
            // The first thing to do: confirming waits for it.
            data-autofocus
          />
        )}
        {failure && (
          <Alert color="red" variant="light" title="Your changes were not saved" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text fz="sm">{failure.detail}</Text>
              {failure.signInAgain && (
                <Button component={Link} to={signInHref} onClick={onSignInAgain} size="xs">
                  Sign in again
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {/* Always there (empty, it takes no room), so the line is announced when it appears.
              Said, it has a row of its own, 'Leave now' under it: the dialog's two buttons stay
              together on the next row, even on a phone. */}
          <Stack gap="xs" align="flex-start" mr="auto" w={status ? '100%' : undefined}>
            <Text fz="sm" role="status">
              {status}
            </Text>
            {/* Leaving stops nothing: a late success still clears the draft, a failure keeps it. */}
            {offerLeaving && (
              <Button variant="default" onClick={onLeaveNow}>
                Leave now
              </Button>
            )}
          </Stack>
          {/* Opened, the dialog's keyboard starts on its first choice, the safe one (as 'Keep
              project' in the cancel dialog), not its close icon; after the acknowledgement if any. */}
          <Button
            variant="default"
            onClick={close}
            disabled={saving}
            data-autofocus={trekChanged ? undefined : true}
          >
            Back to editing
          </Button>
          {/* Busy, it keeps focus (a failure is read out next to it) and the spec's 'Saving...'. */}
          <Button
            ref={confirmButton}
            onClick={onConfirm}
            disabled={trekChanged && !acknowledged}
            {...busyButtonProps(saving, { spinner: false })}
          >
            {saving ? 'Saving...' : 'Confirm changes'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Overlay, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useFocusTrap, useMergedRef } from '@mantine/hooks';
import { useEffect, useId, useRef } from 'react';
import classes from './submitting-overlay.module.css';

/** Loading bar animation length (docs/product/wizard.md, "Submitting"). */
export const LOADING_BAR_MS = 3500;

/**
 * Shown while a request is being created: an alert dialog named by its title and described by
 * its text, which takes focus and keeps it, so a screen reader says what is happening and a
 * keyboard user is not left on a control that no longer works. The form behind is inert, but
 * the site's header and footer are not: Tab and Shift+Tab stay on the dialog (a focus trap), a
 * click on the dimmed page does not take focus away, and focus that gets out all the same (a
 * browser shortcut, F6) is brought back.
 */
export function SubmittingOverlay() {
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const trap = useFocusTrap(true);
  const ref = useMergedRef(dialog, trap);
  useEffect(() => {
    dialog.current?.focus();
    const keepFocus = (event: FocusEvent) => {
      const node = dialog.current;
      if (node && event.target instanceof Node && !node.contains(event.target)) node.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => document.removeEventListener('focusin', keepFocus);
  }, []);
  return (
    <Overlay
      fixed
      blur={2}
      color="#fff"
      backgroundOpacity={0.7}
      zIndex={300}
      center
      // A click anywhere on it leaves focus on the dialog instead of dropping it on the page.
      onMouseDown={(event) => event.preventDefault()}
    >
      <Paper
        ref={ref}
        shadow="md"
        p="xl"
        radius="md"
        maw={420}
        // Clear of the screen's edges on a phone.
        mx="md"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        aria-busy="true"
        tabIndex={-1}
        className={classes.dialog}
      >
        <Stack gap="sm" ta="center">
          <Title order={2} fz="lg" id={titleId}>
            Creating your trek request
          </Title>
          <Text c="dimmed" fz="sm" id={textId}>
            We're matching you with the best guides for your trek...
          </Text>
          <Progress
            value={100}
            aria-label="Creating your trek request"
            className={classes.bar}
            style={{ animationDuration: `${LOADING_BAR_MS}ms` }}
          />
        </Stack>
      </Paper>
    </Overlay>
  );
}

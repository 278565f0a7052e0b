import { Box, Button, Group } from '@mantine/core';
import { type MouseEvent, type Ref, useRef } from 'react';
import classes from './wizard-navigation.module.css';

/**
 * A second tap on the same button within this long is the second half of a double tap (Android's
 * double-tap timeout is 300 ms), not a press meant for the step it brought.
 */
export const DOUBLE_TAP_MS = 400;

export interface WizardNavigationProps {
  isFirst: boolean;
  isLast: boolean;
  canContinue: boolean;
  busy: boolean;
  onBack: () => void;
  onNext: () => void;
  /** The Next / Submit request button, for focus to come back to. */
  nextRef?: Ref<HTMLButtonElement>;
}

type Control = 'back' | 'next';

/**
 * One press, one step. On mobile Back and Next stay where they are while the step changes under
 * them, so the second click of a double click (or tap of a double tap) would press the new
 * step's Next (or Back) too and skip a step unseen.
 */
function useOnePressPerStep() {
  const lastTap = useRef<{ control: Control; at: number } | null>(null);
  const pointerType = useRef('');
  return (control: Control, action: () => void) => ({
    onPointerDown: (event: { pointerType: string }) => {
      pointerType.current = event.pointerType;
    },
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      const touch = pointerType.current === 'touch';
      // A press by the keyboard after a tap is not a tap.
      pointerType.current = '';
      // The browser's own count: a second click in place within the system's double-click time.
      if (event.detail > 1) return;
      // Touch browsers count each tap as a first click: time them.
      const previous = lastTap.current;
      lastTap.current = touch ? { control, at: event.timeStamp } : null;
      if (touch && previous?.control === control && event.timeStamp - previous.at < DOUBLE_TAP_MS) {
        return;
      }
      action();
    },
  });
}

/** Back and Next; on mobile both sit in a bar fixed at the bottom of the screen. */
export function WizardNavigation({
  isFirst,
  isLast,
  canContinue,
  busy,
  onBack,
  onNext,
  nextRef,
}: WizardNavigationProps) {
  const press = useOnePressPerStep();
  return (
    <Box className={classes.bar}>
      <Group justify="space-between" className={classes.inner}>
        <Button variant="default" {...press('back', onBack)} disabled={isFirst || busy}>
          Back
        </Button>
        <Button
          ref={nextRef}
          {...press('next', onNext)}
          disabled={!canContinue || busy}
          loading={busy && isLast}
        >
          {isLast ? 'Submit request' : 'Next'}
        </Button>
      </Group>
    </Box>
  );
}

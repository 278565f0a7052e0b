import { Box, Button, Group } from '@mantine/core';
import { useOnePress } from '@trek/shared';
import type { Ref } from 'react';
import classes from './wizard-navigation.module.css';

export interface WizardNavigationProps {
  isFirst: boolean;
  isLast: boolean;
  canContinue: boolean;
  busy: boolean;
  onBack: () => void;
  onNext: () => void;
  /** The Next / Submit request button, for focus to come back to. */
  nextRef?: Ref<HTMLButtonElement>;
  /** The id of what says why Next / Submit request is disabled, while it is. */
  nextDescribedBy?: string;
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
  nextDescribedBy,
}: WizardNavigationProps) {
  // Back and Next stay in place on mobile while the step changes under them: one press, one
  // step, else a double click or tap would skip a step unseen. Each button counts on its own.
  const press = useOnePress();
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
          aria-describedby={nextDescribedBy}
          loading={busy && isLast}
        >
          {isLast ? 'Submit request' : 'Next'}
        </Button>
      </Group>
    </Box>
  );
}

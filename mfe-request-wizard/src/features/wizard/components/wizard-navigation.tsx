import { Box, Button, Group } from '@mantine/core';
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
  return (
    <Box className={classes.bar}>
      <Group justify="space-between" className={classes.inner}>
        <Button variant="default" onClick={onBack} disabled={isFirst || busy}>
          Back
        </Button>
        <Button
          ref={nextRef}
          onClick={onNext}
          disabled={!canContinue || busy}
          loading={busy && isLast}
        >
          {isLast ? 'Submit request' : 'Next'}
        </Button>
      </Group>
    </Box>
  );
}

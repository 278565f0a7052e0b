import { Box, Button, Container, Text } from '@mantine/core';
import type { Ref } from 'react';
import classes from './edit-bar.module.css';

export interface EditBarProps {
  canDiscard: boolean;
  canReview: boolean;
  /** A new trek's duration is still to be chosen: Review says so. */
  needsDuration: boolean;
  /** Why the changes cannot be reviewed yet, if a rule is broken. */
  hint?: string | null;
  onDiscard: () => void;
  onReview: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** The edit page's fixed bottom bar: 'Discard changes' and 'Review & Confirm'. */
export function EditBar({
  canDiscard,
  canReview,
  needsDuration,
  hint,
  onDiscard,
  onReview,
  ref,
}: EditBarProps) {
  return (
    <Box ref={ref} className={classes.bar} role="region" aria-label="Your changes">
      <Container size="md">
        {/* The live region stays in the page and only its text changes: one that appears
            together with its text, or stops being hidden, may never be read out. */}
        <div aria-live="polite">
          {hint && (
            <Text fz="sm" c="red.8" ta="right" mb={6}>
              {hint}
            </Text>
          )}
        </div>
        <div className={classes.actions}>
          <Button variant="default" onClick={onDiscard} disabled={!canDiscard}>
            Discard changes
          </Button>
          <Button onClick={onReview} disabled={!canReview || needsDuration}>
            {needsDuration ? 'Select Duration First' : 'Review & Confirm'}
          </Button>
        </div>
      </Container>
    </Box>
  );
}

import { Group, Progress, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { progressPercent, WIZARD_STEPS } from '../model/wizard-state';

/** Animates over 500 ms (docs/product/wizard.md, "Steps"). */
export const PROGRESS_ANIMATION_MS = 500;

export function WizardProgress({ step }: { step: number }) {
  const label = `${step + 1} out of ${WIZARD_STEPS.length}`;
  // Travelers who ask their system for less motion see the bar move at once.
  const reduceMotion = useReducedMotion();
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text fz="sm" fw={600}>
          {label}
        </Text>
        <Text fz="sm" c="dimmed">
          {progressPercent(step)}%
        </Text>
      </Group>
      <Progress
        value={progressPercent(step)}
        transitionDuration={reduceMotion ? 0 : PROGRESS_ANIMATION_MS}
        aria-label={`Step ${label}`}
        size="sm"
      />
    </div>
  );
}

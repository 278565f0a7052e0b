import { Box, Text, UnstyledButton } from '@mantine/core';
import { Fragment } from 'react';
import classes from './step-indicator.module.css';

export type StepStatus = 'done' | 'current' | 'todo';

export interface StepIndicatorProps {
  steps: readonly string[];
  /** Index of the current step; earlier steps are done, later ones to do. */
  current: number;
  /** Makes circles clickable; called with the step index. */
  onStepClick?: (step: number) => void;
  /** Which steps may be clicked (default: every step). */
  isStepReachable?: (step: number) => boolean;
}

export function stepStatus(step: number, current: number): StepStatus {
  if (step < current) return 'done';
  return step === current ? 'current' : 'todo';
}

/** Numbered circles joined by connectors, on a grid of 2n-1 columns (docs/product/wizard.md). */
export function StepIndicator({
  steps,
  current,
  onStepClick,
  isStepReachable = () => true,
}: StepIndicatorProps) {
  return (
    <Box
      component="ol"
      aria-label="Progress"
      className={classes.grid}
      style={{ gridTemplateColumns: `repeat(${steps.length * 2 - 1}, auto)` }}
      data-testid="step-indicator"
    >
      {steps.map((label, index) => {
        const status = stepStatus(index, current);
        const clickable = onStepClick !== undefined && index !== current && isStepReachable(index);
        const circle = (
          <span className={classes.circle} data-status={status} aria-hidden="true">
            {status === 'done' ? '✓' : index + 1}
          </span>
        );
        return (
          <Fragment key={label}>
            <li className={classes.step} aria-current={status === 'current' ? 'step' : undefined}>
              {clickable ? (
                <UnstyledButton
                  className={classes.button}
                  onClick={() => onStepClick(index)}
                  aria-label={`Step ${index + 1}: ${label} (${status === 'done' ? 'done' : 'to do'})`}
                >
                  {circle}
                </UnstyledButton>
              ) : (
                circle
              )}
              <Text
                fz="xs"
                fw={status === 'current' ? 700 : 500}
                c={status === 'todo' ? 'dimmed' : undefined}
                className={classes.label}
                data-label={label}
              >
                {label}
              </Text>
            </li>
            {index < steps.length - 1 && (
              <li
                aria-hidden="true"
                className={classes.connector}
                data-done={index < current || undefined}
              />
            )}
          </Fragment>
        );
      })}
    </Box>
  );
}

import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { badgeColoursFor, getDurationOptions } from '@trek/shared';
import { useArrowKeyChoice } from '../hooks/use-arrow-key-choice';
import classes from './choice-card.module.css';
import { StepHeading } from './step-heading';

export interface DurationStepProps {
  trek: string;
  value: string;
  /** `advance`: chosen by click, Enter or Space (false while arrow keys move over the cards). */
  onChoose: (duration: string, advance: boolean) => void;
}

export function DurationStep({ trek, value, onChoose }: DurationStepProps) {
  const options = getDurationOptions(trek);
  const arrows = useArrowKeyChoice();
  return (
    <>
      <StepHeading
        title="How long would you like to trek?"
        text={`Durations available for ${trek || 'your trek'}.`}
      />
      <Radio.Group
        value={value}
        onChange={(duration) => onChoose(duration, !arrows.byArrowKey())}
        aria-label="Duration"
      >
        <Stack gap="sm" {...arrows.handlers}>
          {options.map((option) => {
            const colours = badgeColoursFor(option.label);
            return (
              <Radio.Card
                key={option.duration}
                value={option.duration}
                disabled={!option.is_available}
                className={classes.card}
                p="md"
                onClick={() => {
                  if (option.is_available && value === option.duration)
                    onChoose(option.duration, true);
                }}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={700}>{option.duration}</Text>
                    <Text fz="sm" c="dimmed">
                      {option.subtitle}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Badge bg={colours.background} c={colours.text} variant="filled" radius="sm">
                      {option.label}
                    </Badge>
                    <Text fz="xs" c={option.is_available ? 'teal.8' : 'dimmed'}>
                      {option.is_available ? 'Available' : 'Unavailable'}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            );
          })}
        </Stack>
      </Radio.Group>
    </>
  );
}

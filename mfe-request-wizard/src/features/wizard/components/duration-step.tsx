import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { badgeColoursFor, getDurationOptions } from '@trek/shared';
import { useId } from 'react';
import { useArrowKeyChoice } from '../hooks/use-arrow-key-choice';
import { tabStopIndex } from '../model/card-tab-stop';
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
  const ids = useId();
  const [headingId, textId, name] = [`${ids}-heading`, `${ids}-text`, `${ids}-duration`];
  const tabStop = tabStopIndex(
    options.map((option) => ({ chosen: value === option.duration, enabled: option.is_available })),
  );
  return (
    <>
      <StepHeading
        id={headingId}
        textId={textId}
        title="How long would you like to trek?"
        text={`Durations available for ${trek || 'your trek'}.`}
      />
      {/* Named, described and reached by Tab as on the trek step. */}
      <Stack
        role="radiogroup"
        aria-labelledby={headingId}
        aria-describedby={textId}
        gap="sm"
        {...arrows.handlers}
      >
        {options.map((option, index) => {
          const colours = badgeColoursFor(option.label);
          return (
            <Radio.Card
              key={option.duration}
              name={option.is_available ? name : undefined}
              tabIndex={index === tabStop ? 0 : -1}
              checked={value === option.duration}
              disabled={!option.is_available}
              className={classes.card}
              p="md"
              // Choosing the duration that is already chosen still moves on.
              onClick={() => {
                if (option.is_available) onChoose(option.duration, !arrows.byArrowKey());
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
    </>
  );
}

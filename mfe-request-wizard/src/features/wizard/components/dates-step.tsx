import { Alert, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatDisplayDate, parseIsoDate, type WizardFormData } from '@trek/shared';
import { StartDateInput } from '@trek/shared/dates';
import { useEffect, useRef } from 'react';
import { FLEXIBILITY_OPTIONS } from '../model/wizard-state';
import { StepHeading } from './step-heading';

export interface DatesStepProps {
  dates: WizardFormData['dates'];
  /** The chosen duration's nights: the last start date the calendar offers depends on them. */
  nights: number;
  onStartDate: (iso: string) => void;
  onFlexible: (flexible: boolean) => void;
  onWindow: (days: number) => void;
}

export function flexibilityText(days: number): string {
  return `Flexibility window: ±${days} ${days === 1 ? 'day' : 'days'} around your selected dates. Guides can propose alternative dates within this range.`;
}

export function DatesStep({ dates, nights, onStartDate, onFlexible, onWindow }: DatesStepProps) {
  const end = parseIsoDate(dates.end);
  // Choosing a start date closes the calendar and brings the traveler to the question that
  // follows on the same step (the calendar's own button would otherwise keep nothing focused).
  const flexibilityChoice = useRef<HTMLInputElement>(null);
  const dateJustChosen = useRef(false);
  useEffect(() => {
    if (!dateJustChosen.current || !dates.start) return;
    dateJustChosen.current = false;
    flexibilityChoice.current?.focus();
  }, [dates.start]);
  return (
    <>
      <StepHeading
        title="When would you like to trek?"
        text="Choose when you'd like to start your trek. The end date will be calculated automatically based on your selected duration."
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <StartDateInput
            value={dates.start || null}
            nights={nights}
            onChange={(iso) => {
              dateJustChosen.current = true;
              onStartDate(iso);
            }}
          />
          <TextInput
            label="End date"
            placeholder="Auto-calculated"
            value={end ? formatDisplayDate(end) : ''}
            readOnly
            description="Start date plus the nights of your trek"
            // Below the box, so the two date boxes sit level side by side.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </SimpleGrid>

        <Radio.Group
          label="Are your dates flexible?"
          value={dates.flexible ? 'yes' : 'no'}
          onChange={(value) => onFlexible(value === 'yes')}
        >
          <Group mt="xs" gap="lg">
            <Radio
              value="no"
              label="No / Fixed dates"
              ref={dates.flexible ? undefined : flexibilityChoice}
            />
            <Radio
              value="yes"
              label="Yes / I'm flexible"
              ref={dates.flexible ? flexibilityChoice : undefined}
            />
          </Group>
        </Radio.Group>

        {dates.flexible && (
          <Radio.Group
            label="How flexible are you?"
            value={dates.flexibilityWindowDays ? String(dates.flexibilityWindowDays) : ''}
            onChange={(value) => onWindow(Number(value))}
          >
            <Stack mt="xs" gap="xs">
              {FLEXIBILITY_OPTIONS.map((days) => (
                <Radio
                  key={days}
                  value={String(days)}
                  label={`Flexible by up to ${days} ${days === 1 ? 'day' : 'days'}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}

        {dates.flexible && dates.flexibilityWindowDays !== null && (
          <Alert variant="light" color="blue" role="status">
            <Text fz="sm">{flexibilityText(dates.flexibilityWindowDays)}</Text>
          </Alert>
        )}
      </Stack>
    </>
  );
}

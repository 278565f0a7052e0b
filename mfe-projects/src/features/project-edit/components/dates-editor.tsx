import { Checkbox, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FLEXIBILITY_WINDOW_DAYS } from '@trek/shared';
import { StartDateInput } from '@trek/shared/dates';
import { displayDate, flexibilityText } from '../../../model/project-display';

export interface DatesEditorProps {
  startDate: string | null;
  endDate: string | null;
  /** The duration's nights: the calendar offers no start whose trek would end after 2100. */
  nights: number;
  flexible: boolean;
  flexibilityWindowDays: number | null;
  onStartDate: (iso: string) => void;
  onFlexible: (flexible: boolean) => void;
  onWindow: (days: number) => void;
}

/**
 * Start date (today or later; weeks from Monday), the end date it gives with the duration, and
 * the flexibility around them: 0 to 3 days, only while the dates are flexible. Loaded on its own:
 * the calendar's code is only needed once the dates are edited.
 */
export default function DatesEditor({
  startDate,
  endDate,
  nights,
  flexible,
  flexibilityWindowDays,
  onStartDate,
  onFlexible,
  onWindow,
}: DatesEditorProps) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <StartDateInput value={startDate} onChange={onStartDate} nights={nights} />
        <TextInput
          label="End date"
          placeholder="Auto-calculated"
          value={displayDate(endDate)}
          readOnly
          description="Start date plus the nights of your trek"
          // Below the box, so the two date boxes sit level side by side (as in the wizard).
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </SimpleGrid>
      <Checkbox
        label="My dates are flexible"
        checked={flexible}
        onChange={(event) => onFlexible(event.currentTarget.checked)}
      />
      <Radio.Group
        label="Flexibility window"
        description="Guides can propose other dates within this range."
        value={flexibilityWindowDays === null ? '' : String(flexibilityWindowDays)}
        onChange={(value) => onWindow(Number(value))}
      >
        <Group gap="lg" mt="xs">
          {FLEXIBILITY_WINDOW_DAYS.map((days) => (
            <Radio
              key={days}
              value={String(days)}
              label={flexibilityText(true, days)}
              disabled={!flexible}
            />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}

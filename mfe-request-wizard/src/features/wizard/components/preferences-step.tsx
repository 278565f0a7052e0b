import { Checkbox, Chip, Group, Stack, Text } from '@mantine/core';
import { LANGUAGE_KEYS, type LanguageKey } from '@trek/shared';
import { LANGUAGE_LABELS, MAX_TRAVELERS, MIN_TRAVELERS } from '../model/wizard-state';
import { StepHeading } from './step-heading';

export interface PreferencesStepProps {
  travelers: number;
  languages: LanguageKey[];
  onTravelers: (travelers: number) => void;
  onToggleLanguage: (language: LanguageKey) => void;
}

const TRAVELER_CHOICES = Array.from(
  { length: MAX_TRAVELERS - MIN_TRAVELERS + 1 },
  (_, i) => i + MIN_TRAVELERS,
);

export function PreferencesStep({
  travelers,
  languages,
  onTravelers,
  onToggleLanguage,
}: PreferencesStepProps) {
  return (
    <>
      <StepHeading
        title="Group & preferences"
        text="Tell us about your group size and language preferences"
      />
      <Stack gap="xl">
        <div>
          <Text fw={600} id="travelers-label" mb="xs">
            Number of travelers
          </Text>
          <Chip.Group value={String(travelers)} onChange={(value) => onTravelers(Number(value))}>
            <Group gap="xs" role="radiogroup" aria-labelledby="travelers-label">
              {TRAVELER_CHOICES.map((n) => (
                // One name: the ten chips are one radio group, a single Tab stop whose arrow
                // keys move the choice (native radio buttons).
                <Chip key={n} value={String(n)} type="radio" variant="outline" name="travelers">
                  {n}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>

        <Checkbox.Group
          label="Guide language preference"
          value={languages}
          error={languages.length === 0 ? 'Select at least one language to continue' : undefined}
          onChange={(values) => {
            const changed =
              LANGUAGE_KEYS.find((key) => values.includes(key) !== languages.includes(key)) ?? null;
            if (changed) onToggleLanguage(changed);
          }}
        >
          <Group mt="xs" gap="lg">
            {LANGUAGE_KEYS.map((key) => (
              <Checkbox key={key} value={key} label={LANGUAGE_LABELS[key]} />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </>
  );
}

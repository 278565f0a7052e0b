import { Checkbox, Chip, Group, Stack, Text } from '@mantine/core';
import { LANGUAGE_KEYS, type LanguageKey } from '@trek/shared';
import { LANGUAGE_LABELS, MAX_TRAVELERS, MIN_TRAVELERS } from '../model/wizard-state';
import { StepHeading } from './step-heading';

export interface PreferencesStepProps {
  travelers: number;
  languages: LanguageKey[];
  onTravelers: (travelers: number) => void;
  onToggleLanguage: (language: LanguageKey) => void;
  /** The id of the line that says a language is needed, for Submit request to point at. */
  languageHintId: string;
}

/** The spec's words, shown while no language is ticked. */
export const LANGUAGE_REQUIRED = 'Select at least one language to continue';

const TRAVELER_CHOICES = Array.from(
  { length: MAX_TRAVELERS - MIN_TRAVELERS + 1 },
  (_, i) => i + MIN_TRAVELERS,
);

export function PreferencesStep({
  travelers,
  languages,
  onTravelers,
  onToggleLanguage,
  languageHintId,
}: PreferencesStepProps) {
  const noLanguage = languages.length === 0;
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
          // The line is the group's description, always in the page (empty while a language is
          // ticked) and a polite live region: unticking the last language has it read out, and
          // the group (aria-describedby, from Mantine) and each checkbox are described by it.
          description={<span>{noLanguage ? LANGUAGE_REQUIRED : ''}</span>}
          descriptionProps={{ id: languageHintId, role: 'status' }}
          inputWrapperOrder={['label', 'input', 'description']}
          styles={{ description: { color: 'var(--mantine-color-error)', marginTop: 5 } }}
          onChange={(values) => {
            const changed =
              LANGUAGE_KEYS.find((key) => values.includes(key) !== languages.includes(key)) ?? null;
            if (changed) onToggleLanguage(changed);
          }}
        >
          <Group mt="xs" gap="lg">
            {LANGUAGE_KEYS.map((key) => (
              <Checkbox
                key={key}
                value={key}
                label={LANGUAGE_LABELS[key]}
                aria-describedby={noLanguage ? languageHintId : undefined}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </>
  );
}

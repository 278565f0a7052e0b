import { Checkbox, Group, VisuallyHidden } from '@mantine/core';
import { LANGUAGE_KEYS, LANGUAGE_LABELS, type LanguageKey } from '@trek/shared';

export function LanguagesEditor({
  value,
  onChange,
}: {
  value: readonly LanguageKey[];
  onChange: (languages: string[]) => void;
}) {
  return (
    <Checkbox.Group
      // The field's heading above already reads so: the group keeps the name for screen readers
      // without showing it twice.
      label={<VisuallyHidden>Guide language preference</VisuallyHidden>}
      value={[...value]}
      onChange={onChange}
      error={value.length === 0 ? 'Select at least one language' : undefined}
    >
      <Group gap="lg" mt="xs">
        {LANGUAGE_KEYS.map((key) => (
          <Checkbox key={key} value={key} label={LANGUAGE_LABELS[key]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

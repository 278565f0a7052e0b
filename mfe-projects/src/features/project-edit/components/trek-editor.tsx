import { Radio, SimpleGrid } from '@mantine/core';
import { EDIT_PAGE_TREKS, findTrek } from '@trek/shared';

interface TrekChoice {
  name: string;
  description: string;
  disabled: boolean;
}

/**
 * The treks the edit page offers (spec section 3: five, and Inca Trail coming soon), plus the
 * project's own trek when it is not one of them (a Santa Cruz request keeps showing Santa Cruz).
 */
export function trekChoices(current: string | null): TrekChoice[] {
  const choices: TrekChoice[] = EDIT_PAGE_TREKS.map((trek) => ({
    name: trek.name,
    description: trek.comingSoon ? 'Coming soon' : trek.description,
    disabled: trek.disabled === true,
  }));
  if (current && !choices.some((choice) => choice.name === current)) {
    const trek = findTrek(current);
    choices.unshift({
      name: current,
      description: trek?.description ?? 'No longer offered',
      disabled: !trek || trek.disabled === true,
    });
  }
  return choices;
}

export function TrekEditor({
  value,
  current,
  onChoose,
}: {
  value: string | null;
  /** The project's trek as loaded. */
  current: string | null;
  onChoose: (trek: string) => void;
}) {
  return (
    <Radio.Group label="Choose your trek" value={value ?? ''} onChange={onChoose}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
        {trekChoices(current).map((choice) => (
          <Radio
            key={choice.name}
            value={choice.name}
            label={choice.name}
            description={choice.description}
            disabled={choice.disabled}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

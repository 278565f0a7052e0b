import { Alert, Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { badgeColoursFor, getDurationOptions } from '@trek/shared';

export function DurationEditor({
  trek,
  value,
  onChoose,
}: {
  trek: string | null;
  value: string | null;
  onChoose: (duration: string) => void;
}) {
  const options = getDurationOptions(trek);
  if (options.length === 0) {
    return <Text c="dimmed">Choose a trek first: its durations appear here.</Text>;
  }
  return (
    <Radio.Group label={`Durations of ${trek}`} value={value ?? ''} onChange={onChoose}>
      <Stack gap="sm" mt="xs">
        {options.map((option) => {
          const colours = badgeColoursFor(option.label);
          return (
            <Radio
              key={option.duration}
              value={option.duration}
              disabled={!option.is_available}
              label={
                <Group gap="xs" component="span">
                  <span>{option.duration}</span>
                  <Badge size="sm" bg={colours.background} c={colours.text} component="span">
                    {option.label}
                  </Badge>
                </Group>
              }
              description={option.subtitle}
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/**
 * A new trek cleared the duration: the spec's warning, in French, word for word. Its live region
 * stays in the page whether the warning shows or not: one mounted together with its text may
 * never be read out.
 */
export function SelectionRequired({ trek, shown }: { trek: string | null; shown: boolean }) {
  return (
    <div role="status">
      {shown && (
        // The region around it is the one that speaks: the alert is not a second one.
        <Alert color="red" variant="light" title="Selection required" mt="sm" role="none">
          <Text fz="sm" lang="fr">
            Vous devez sélectionner une durée valide pour le trek {trek}
          </Text>
        </Alert>
      )}
    </div>
  );
}

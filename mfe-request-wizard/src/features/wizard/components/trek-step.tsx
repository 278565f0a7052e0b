import { Badge, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { WIZARD_TREKS } from '@trek/shared';
import { useArrowKeyChoice } from '../hooks/use-arrow-key-choice';
import classes from './choice-card.module.css';
import { StepHeading } from './step-heading';

export interface TrekStepProps {
  value: string;
  /** `advance`: chosen by click, Enter or Space (false while arrow keys move over the cards). */
  onChoose: (trek: string, advance: boolean) => void;
}

export function TrekStep({ value, onChoose }: TrekStepProps) {
  const arrows = useArrowKeyChoice();
  return (
    <>
      <StepHeading
        title="Choose your trek"
        text="Pick the route you dream of; guides tailor the rest."
      />
      <Radio.Group
        value={value}
        onChange={(trek) => onChoose(trek, !arrows.byArrowKey())}
        aria-label="Trek"
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" {...arrows.handlers}>
          {WIZARD_TREKS.map((trek) => (
            <Radio.Card
              key={trek.id}
              value={trek.name}
              disabled={trek.disabled}
              className={classes.card}
              aria-label={trek.comingSoon ? `${trek.name} (coming soon)` : trek.name}
              // Choosing the trek that is already chosen still moves on.
              onClick={() => {
                if (!trek.disabled && value === trek.name) onChoose(trek.name, true);
              }}
            >
              <Image src={trek.image} alt="" h={96} radius="sm" />
              <Stack gap={2} p="sm">
                <Group justify="space-between" wrap="wrap" gap={4}>
                  <Text fw={700}>{trek.name}</Text>
                  {trek.comingSoon && (
                    <Badge color="gray" variant="light" size="sm">
                      Coming Soon
                    </Badge>
                  )}
                </Group>
                <Text fz="sm" c="dimmed">
                  {trek.description}
                </Text>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </>
  );
}

import { Badge, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { WIZARD_TREKS } from '@trek/shared';
import classes from './choice-card.module.css';
import { StepHeading } from './step-heading';

export interface TrekStepProps {
  value: string;
  onChoose: (trek: string) => void;
}

export function TrekStep({ value, onChoose }: TrekStepProps) {
  return (
    <>
      <StepHeading
        title="Choose your trek"
        text="Pick the route you dream of; guides tailor the rest."
      />
      <Radio.Group value={value} onChange={onChoose} aria-label="Trek">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {WIZARD_TREKS.map((trek) => (
            <Radio.Card
              key={trek.id}
              value={trek.name}
              disabled={trek.disabled}
              className={classes.card}
              aria-label={trek.comingSoon ? `${trek.name} (coming soon)` : trek.name}
              // Choosing the trek that is already chosen still moves on.
              onClick={() => {
                if (!trek.disabled && value === trek.name) onChoose(trek.name);
              }}
            >
              <Image src={trek.image} alt="" h={96} radius="sm" />
              <Stack gap={2} p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{trek.name}</Text>
                  {trek.comingSoon && (
                    <Badge color="gray" variant="light" size="sm">
                      Coming Soon
                    </Badge>
                  )}
                </Group>
                <Text fz="sm" c="dimmed" lineClamp={2}>
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

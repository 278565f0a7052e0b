import { Badge, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { WIZARD_TREKS } from '@trek/shared';
import { useId } from 'react';
import { useArrowKeyChoice } from '../hooks/use-arrow-key-choice';
import { tabStopIndex } from '../model/card-tab-stop';
import classes from './choice-card.module.css';
import { StepHeading } from './step-heading';

export interface TrekStepProps {
  value: string;
  /** `advance`: chosen by click, Enter or Space (false while arrow keys move over the cards). */
  onChoose: (trek: string, advance: boolean) => void;
}

export function TrekStep({ value, onChoose }: TrekStepProps) {
  const arrows = useArrowKeyChoice();
  const ids = useId();
  const [headingId, textId, name] = [`${ids}-heading`, `${ids}-text`, `${ids}-trek`];
  const tabStop = tabStopIndex(
    WIZARD_TREKS.map((trek) => ({ chosen: value === trek.name, enabled: !trek.disabled })),
  );
  return (
    <>
      <StepHeading
        id={headingId}
        textId={textId}
        title="Choose your trek"
        text="Pick the route you dream of; guides tailor the rest."
      />
      {/*
        The cards' own radio group, named and described by the step's heading (Mantine's
        Radio.Group names its group only by a label of its own). The shared `name` lets the
        arrow keys move between the cards; a card that cannot be chosen goes without it, so the
        arrow keys pass over it (Mantine's cards find their siblings by name).
      */}
      <SimpleGrid
        role="radiogroup"
        aria-labelledby={headingId}
        aria-describedby={textId}
        cols={{ base: 1, xs: 2 }}
        spacing="sm"
        {...arrows.handlers}
      >
        {WIZARD_TREKS.map((trek, index) => (
          <Radio.Card
            key={trek.id}
            name={trek.disabled ? undefined : name}
            tabIndex={index === tabStop ? 0 : -1}
            checked={value === trek.name}
            disabled={trek.disabled}
            className={classes.card}
            aria-label={trek.comingSoon ? `${trek.name} (coming soon)` : trek.name}
            // The label names the card; its description is read after it, not lost to the label.
            aria-describedby={`${ids}-${trek.id}-description`}
            // Choosing the trek that is already chosen still moves on.
            onClick={() => {
              if (!trek.disabled) onChoose(trek.name, !arrows.byArrowKey());
            }}
          >
            <Image src={trek.image} alt="" h={96} radius="sm" className={classes.image} />
            <Stack gap={2} p="sm">
              <Group justify="space-between" wrap="wrap" gap={4}>
                <Text fw={700}>{trek.name}</Text>
                {trek.comingSoon && (
                  <Badge color="gray" variant="light" size="sm">
                    Coming Soon
                  </Badge>
                )}
              </Group>
              <Text id={`${ids}-${trek.id}-description`} fz="sm" c="dimmed">
                {trek.description}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </>
  );
}

import { Stack, Text, Title } from '@mantine/core';

/** The heading of a step; focusable so the wizard can move focus to it when the step changes. */
export function StepHeading({ title, text }: { title: string; text?: string }) {
  return (
    <Stack gap={4} mb="md">
      <Title
        order={2}
        fz={{ base: 'xl', sm: 26 }}
        tabIndex={-1}
        data-step-heading
        style={{ outline: 'none' }}
      >
        {title}
      </Title>
      {text && <Text c="dimmed">{text}</Text>}
    </Stack>
  );
}

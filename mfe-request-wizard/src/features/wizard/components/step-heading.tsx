import { Stack, Text, Title } from '@mantine/core';

export function StepHeading({ title, text }: { title: string; text?: string }) {
  return (
    <Stack gap={4} mb="md">
      <Title order={2} fz={{ base: 'xl', sm: 26 }}>
        {title}
      </Title>
      {text && <Text c="dimmed">{text}</Text>}
    </Stack>
  );
}

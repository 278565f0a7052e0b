import { Group, Text } from '@mantine/core';
import { SITE } from '@trek/shared';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
        <path d="M4 25l8-12 5 7 4-5 7 10z" fill="#fff" />
      </svg>
      <Text fw={800} fz="lg" component="span">
        {SITE.name}
      </Text>
    </Group>
  );
}

import { Box, Group, Text } from '@mantine/core';
import { statusDisplay } from '../model/project-display';

/** A project's status: a coloured dot and its wording (the dot is decoration; the text says it). */
export function StatusIndicator({ status }: { status: string }) {
  const { label, color } = statusDisplay(status);
  return (
    <Group gap={8} wrap="nowrap" data-status={status}>
      <Box
        component="span"
        aria-hidden="true"
        w={10}
        h={10}
        bg={`${color}.6`}
        style={{ borderRadius: '50%', flex: 'none' }}
      />
      <Text component="span" fz="sm" fw={500}>
        {label}
      </Text>
    </Group>
  );
}

import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

export interface PageHeaderProps {
  /** The page's one level-1 heading. */
  title: string;
  /** A line under the heading. */
  description?: ReactNode;
  /** Buttons beside the heading (below it on narrow screens). */
  actions?: ReactNode;
  /** The heading, for focus to go to when what had it is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The heading block of the projects pages. */
export function PageHeader({ title, description, actions, headingRef }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4} maw="100%">
        <Title order={1} ref={headingRef} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" component="div">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}

import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  /** The section's heading (an h2), also its accessible name. */
  title: string;
  description?: string;
  /** What the section says while its data loads (skeleton rows). */
  loading?: boolean;
  /** The section could not load: the message, with a Retry. */
  error?: { message: string; retry: () => void } | null;
  children?: ReactNode;
}

/** One section of the settings page, with its loading and error states. */
export function SettingsSection({
  title,
  description,
  loading = false,
  error = null,
  children,
}: SettingsSectionProps) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={id}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id={id}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {loading ? (
          <Stack gap="sm" aria-busy="true" aria-label={`Loading ${title}`}>
            <Skeleton height={20} width="60%" />
            <Skeleton height={20} width="80%" />
            <Skeleton height={20} width="40%" />
          </Stack>
        ) : error ? (
          <Alert color="red" variant="light" title={error.message}>
            <Button size="xs" variant="light" color="red" mt="xs" onClick={error.retry}>
              Retry
            </Button>
          </Alert>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

import { Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type RetryableRead, useRetry } from '@trek/shared';
import { type ReactNode, type RefObject, useRef } from 'react';
import { RetryAlert } from './retry-alert';

export interface SettingsSectionProps {
  /** The section's heading (an h2), also its accessible name. */
  title: string;
  description?: string;
  /** The section's data: skeleton rows while it loads, `failure` with a Retry if it fails. */
  read?: RetryableRead;
  failure?: string;
  /** What the failure's Retry does, after its visible word: 'loading your …'. */
  retryWhat?: string;
  /** The heading, for a part of the section that gives the keyboard to it. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children?: ReactNode;
}

/** A section that reads nothing of its own. */
const LOADED: RetryableRead = {
  isPending: false,
  isSuccess: true,
  isError: false,
  isFetching: false,
  refetch: async () => undefined,
};

/** One section of the settings page, with its loading and error states. */
export function SettingsSection({
  title,
  description,
  read = LOADED,
  failure = '',
  retryWhat = `loading ${title.toLowerCase()}`,
  headingRef,
  children,
}: SettingsSectionProps) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  const retry = useRetry(read, () => heading.current);
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
          <Title order={2} fz="h3" id={id} ref={heading}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {retry.failed ? (
          <RetryAlert
            message={failure}
            what={retryWhat}
            retrying={retry.retrying}
            failedAgain={retry.failedAgain}
            onRetry={retry.retry}
          />
        ) : read.isPending ? (
          // Marked as the suite marks loading (PageSkeleton): a status with words a screen reader
          // says once; a label on a plain element would be dropped.
          <Stack gap="sm" role="status" aria-busy="true">
            <VisuallyHidden>{`Loading ${title.toLowerCase()}…`}</VisuallyHidden>
            <Skeleton height={20} width="60%" />
            <Skeleton height={20} width="80%" />
            <Skeleton height={20} width="40%" />
          </Stack>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

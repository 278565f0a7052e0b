import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { busyButtonProps, PATHS, RetryFailedAgainStatus } from '@trek/shared';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';

export interface ProjectNotFoundProps {
  title?: string;
  /** The line under the heading. */
  text?: string;
  /** Offers to read the project again (the load failed rather than found nothing). */
  onRetry?: () => void;
  /** The read is asked again: Try again is busy (and keeps the keyboard). */
  retrying?: boolean;
  /** Retries that failed again (`useRetry`'s `failedAgain`), each read out. */
  failedAgain?: number;
  /** The heading, for the keyboard to go to when the Try again that had it is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * A project that does not exist, or is not the traveler's (the two look the same), or that could
 * not be read: a heading, a line and the way back.
 */
export function ProjectNotFound({
  title = 'Project not found',
  text = "The project you're looking for doesn't exist or you don't have access to it.",
  onRetry,
  retrying = false,
  failedAgain = 0,
  headingRef,
}: ProjectNotFoundProps) {
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="flex-start">
        <Title order={1} ref={headingRef}>
          {title}
        </Title>
        <Text>{text}</Text>
        <Group gap="sm">
          <Button component={Link} to={PATHS.projects}>
            Back to My Projects
          </Button>
          {onRetry && (
            <Button variant="default" onClick={onRetry} {...busyButtonProps(retrying)}>
              Try again
            </Button>
          )}
          <Button component={Link} to={PATHS.createProject} variant="subtle">
            Create a new trek request
          </Button>
        </Group>
        {onRetry && <RetryFailedAgainStatus failedAgain={failedAgain} />}
      </Stack>
    </Container>
  );
}

import {
  Alert,
  Button,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  busyButtonProps,
  PATHS,
  projectsQueryOptions,
  RetryFailedAgainStatus,
  useRetry,
} from '@trek/shared';
import { Link } from 'react-router-dom';
import { usePreloadOnIntent } from '../../../hooks/use-preload-on-intent';
import { ProjectCard, ProjectCardSkeleton } from './project-card';

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

/**
 * The traveler's requests, newest first (the API's order), with loading, error and empty states.
 * `heading` is where the keyboard goes once a Retry loads the list (its Retry is gone then).
 */
export function ProjectsList({ heading }: { heading: () => HTMLElement | null }) {
  const projects = useQuery(projectsQueryOptions());
  const preloadWizard = usePreloadOnIntent(PATHS.createProject);
  // The error card and its (busy) Try again stay while the list is asked again, so the keyboard
  // stays on it; a skeleton in its place would drop the focus to <body>.
  const retry = useRetry(projects, heading);

  // A list already shown stays when a read asked again fails (after a cancel or a new request):
  // TanStack Query keeps its data, and a blip is no reason to say it could not be loaded.
  if (retry.failed && projects.data === undefined) {
    return (
      <Alert color="red" variant="light" title="Error loading projects" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">We couldn't load your projects. Please try again later.</Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => void retry.retry()}
            {...busyButtonProps(retry.retrying)}
          >
            Try again
          </Button>
        </Stack>
        <RetryFailedAgainStatus failedAgain={retry.failedAgain} />
      </Alert>
    );
  }

  // Pending: a failed read is the card above.
  if (projects.data === undefined) {
    return (
      <div role="status" aria-busy="true">
        <VisuallyHidden>Loading your projects…</VisuallyHidden>
        <SimpleGrid cols={GRID_COLUMNS} spacing="lg">
          {[1, 2, 3].map((card) => (
            <ProjectCardSkeleton key={card} />
          ))}
        </SimpleGrid>
      </div>
    );
  }

  if (projects.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm" align="center" ta="center">
          <Title order={2} fz="h3">
            No trek requests yet
          </Title>
          <Text c="dimmed" maw={420}>
            Tell us where and when you would like to trek, and local guides will send you
            personalised offers.
          </Text>
          <Button component={Link} to={PATHS.createProject} mt="xs" {...preloadWizard}>
            Create Your First Trek Request
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <SimpleGrid
      cols={GRID_COLUMNS}
      spacing="lg"
      component="ul"
      style={{ listStyle: 'none' }}
      p={0}
      m={0}
    >
      {projects.data.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </SimpleGrid>
  );
}

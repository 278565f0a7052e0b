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
import { PATHS, projectsQueryOptions } from '@trek/shared';
import { Link } from 'react-router-dom';
import { usePreloadOnIntent } from '../../../hooks/use-preload-on-intent';
import { ProjectCard, ProjectCardSkeleton } from './project-card';

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

/** The traveler's requests, newest first (the API's order), with loading, error and empty states. */
export function ProjectsList() {
  const projects = useQuery(projectsQueryOptions());
  const preloadWizard = usePreloadOnIntent(PATHS.createProject);

  if (projects.isPending) {
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

  if (projects.isError) {
    return (
      <Alert color="red" variant="light" title="Error loading projects" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">We couldn't load your projects. Please try again later.</Text>
          <Button
            variant="default"
            size="xs"
            loading={projects.isFetching}
            onClick={() => void projects.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
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

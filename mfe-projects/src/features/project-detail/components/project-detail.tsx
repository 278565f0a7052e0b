import { Button, Code, Container, Group, Stack, Text } from '@mantine/core';
import { formatCreatedAt, hrefTo, PATHS, type Project } from '@trek/shared';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { StatusIndicator } from '../../../components/status-indicator';
import { usePreloadOnIntent } from '../../../hooks/use-preload-on-intent';
import { readOriginalFormData, trekOverviewOf } from '../../../model/trek-overview';
import { CancelProjectDialog } from './cancel-project-dialog';
import { GuideOffers } from './guide-offers';
import { PendingNoticeAlert } from './pending-notice-alert';
import { TrekOverviewCard } from './trek-overview-card';

/** The project page (docs/product/projects.md, "Project page"). */
export function ProjectDetail({
  project,
  headingRef,
}: {
  project: Project;
  /** The page's h1, for the page around it too (focus after a Try again that loaded it). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const [cancelling, setCancelling] = useState(false);
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  const editPath = hrefTo(PATHS.projectEdit, { id: project.id });
  const preloadEditPage = usePreloadOnIntent(editPath);
  const overview = useMemo(() => trekOverviewOf(project, readOriginalFormData()), [project]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <BackLink to={PATHS.projects}>Back to My Projects</BackLink>
        <PageHeader
          title={project.title}
          headingRef={heading}
          description={
            <Stack gap={2}>
              <Text fz="sm" c="dimmed">
                Project ID: <Code>{project.id}</Code>
              </Text>
              <Text fz="sm" c="dimmed">
                Created: {formatCreatedAt(project.createdAt)}
              </Text>
            </Stack>
          }
          actions={
            <>
              <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
                Cancel project
              </Button>
              <Button component={Link} to={editPath} {...preloadEditPage}>
                Modify project
              </Button>
            </>
          }
        />
        <Group>
          <StatusIndicator status={project.status} />
        </Group>
        <PendingNoticeAlert projectId={project.id} focusWhenSent={() => heading.current} />
        <TrekOverviewCard overview={overview} />
        <GuideOffers />
      </Stack>
      <CancelProjectDialog
        projectId={project.id}
        opened={cancelling}
        onClose={() => setCancelling(false)}
      />
    </Container>
  );
}

import { Button, Container, Group, List, Stack, Title } from '@mantine/core';
import { hrefTo, PATHS, PageMeta } from '@trek/shared';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { readCreatedProject } from '../features/submission/created-project';
import { ProjectSummaryCard } from '../features/success/components/project-summary-card';

/** Exposed as `wizard/ProjectSuccessPage`: /project-success. */
export default function ProjectSuccessPage() {
  const [summary] = useState(readCreatedProject);
  // Opened with nothing just sent (a typed address, a bookmark, a new tab): there is nothing to
  // confirm, so the traveler goes to the wizard rather than to a page about no request.
  if (!summary) return <Navigate to={PATHS.createProject} replace />;
  const projectPath = summary.id ? hrefTo(PATHS.project, { id: summary.id }) : PATHS.projects;
  return (
    <>
      <PageMeta
        title="Trek Request Submitted"
        description="Your trek request was sent to local guides."
        noIndex
      />
      <Container size="sm" py={48}>
        <Stack gap="lg">
          <Title order={1}>Trek Request Submitted!</Title>
          <ProjectSummaryCard summary={summary} />
          <div>
            <Title order={2} fz="lg" mb="xs">
              What happens next?
            </Title>
            <List type="ordered" spacing="xs">
              <List.Item>
                Local guides review your request and send you personalised offers.
              </List.Item>
              <List.Item>Offers arrive by e-mail within 24 hours.</List.Item>
              <List.Item>Choose the guide you prefer and confirm your booking.</List.Item>
            </List>
          </div>
          <Group gap="sm">
            <Button component={Link} to={projectPath}>
              View My Project
            </Button>
            <Button component={Link} to={PATHS.home} variant="default">
              Back to Home
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}

import { Button, Container, Stack } from '@mantine/core';
import { PATHS, PageMeta } from '@trek/shared';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { ProjectsList } from '../features/projects-list/components/projects-list';
import { usePreloadOnIntent } from '../hooks/use-preload-on-intent';

/** Exposed as `projects/ProjectsPage`: /u/projects, the traveler's requests. */
export default function ProjectsPage() {
  const preloadWizard = usePreloadOnIntent(PATHS.createProject);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <PageMeta
        title="My Projects"
        description="Your trek requests and the offers guides send you."
        noIndex
      />
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <PageHeader
            title="My Projects"
            headingRef={heading}
            description="Your trek requests and the offers local guides send you."
            actions={
              <Button component={Link} to={PATHS.createProject} {...preloadWizard}>
                New Trek Request
              </Button>
            }
          />
          <ProjectsList heading={() => heading.current} />
        </Stack>
      </Container>
    </>
  );
}

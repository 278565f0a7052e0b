import { useQuery } from '@tanstack/react-query';
import { PageMeta, projectQueryOptions, useRetry } from '@trek/shared';
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { ProjectNotFound } from '../components/project-not-found';
import { ProjectDetail } from '../features/project-detail/components/project-detail';
import { ProjectDetailSkeleton } from '../features/project-detail/components/project-detail-skeleton';
import { isNotFound } from '../model/errors';

/** Exposed as `projects/ProjectDetailPage`: /u/projects/:id and /projects/:id. */
export default function ProjectDetailPage() {
  const { id = '' } = useParams();
  const project = useQuery(projectQueryOptions(id));
  // One heading ref for whichever page shows: once a Try again loads (or fails for good), the
  // keyboard goes to its h1 rather than to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  const retry = useRetry(project, () => heading.current);
  const failed = retry.failed && !isNotFound(project.error);
  // The title says what the page shows, as its heading does: the host's route announcer reads it
  // out when this replaces the loading page it announced.
  const title = failed
    ? 'Failed to fetch project'
    : project.isError
      ? 'Project not found'
      : 'Project details';
  return (
    <>
      <PageMeta
        title={title}
        description="Your trek request and the guide offers it received."
        noIndex
      />
      {failed ? (
        // Kept while the read is asked again, so its busy Try again keeps the keyboard.
        <ProjectNotFound
          title="Failed to fetch project"
          text="We couldn't load this project. Please try again."
          onRetry={() => void retry.retry()}
          retrying={retry.retrying}
          failedAgain={retry.failedAgain}
          headingRef={heading}
        />
      ) : project.isPending ? (
        <ProjectDetailSkeleton />
      ) : project.isError ? (
        <ProjectNotFound headingRef={heading} />
      ) : (
        <ProjectDetail project={project.data} headingRef={heading} />
      )}
    </>
  );
}

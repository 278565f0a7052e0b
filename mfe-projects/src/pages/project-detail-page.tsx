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
  // A 404 means gone (cancelled, maybe in another tab), even for a project on screen. Any other
  // failure of a read asked again (after a save, say) keeps the project shown: TanStack Query
  // keeps its data, and a blip is no reason to take it away. Only a project never read fails.
  const gone = isNotFound(project.error);
  const failed = retry.failed && !gone && project.data === undefined;
  // The title says what the page shows, as its heading does: the host's route announcer reads it
  // out when this replaces the loading page it announced.
  const title = failed ? 'Failed to fetch project' : gone ? 'Project not found' : 'Project details';
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
      ) : gone ? (
        <ProjectNotFound headingRef={heading} />
      ) : project.data ? (
        <ProjectDetail project={project.data} headingRef={heading} />
      ) : (
        <ProjectDetailSkeleton />
      )}
    </>
  );
}

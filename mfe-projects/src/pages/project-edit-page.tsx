import { useQuery } from '@tanstack/react-query';
import { PageMeta, projectQueryOptions, useRetry } from '@trek/shared';
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { ProjectNotFound } from '../components/project-not-found';
import { ProjectEditor } from '../features/project-edit/components/project-editor';
import { ProjectEditorSkeleton } from '../features/project-edit/components/project-editor-skeleton';
import { isNotFound } from '../model/errors';

/** Exposed as `projects/ProjectEditPage`: /u/projects/:id/edit. */
export default function ProjectEditPage() {
  const { id = '' } = useParams();
  const project = useQuery(projectQueryOptions(id));
  // One heading ref for whichever page shows: once a Try again loads (or fails for good), the
  // keyboard goes to its h1 rather than to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  const retry = useRetry(project, () => heading.current);
  // A 404 means gone (cancelled, maybe in another tab), even for a project on screen. Any other
  // failure of a read asked again (the one after a save starts while this page is still up)
  // keeps the editor and its review dialog: TanStack Query keeps the data. Only a project never
  // read fails.
  const gone = isNotFound(project.error);
  const failed = retry.failed && !gone && project.data === undefined;
  // The title says what the page shows, as its heading does: the host's route announcer reads it
  // out when this replaces the loading page it announced.
  const notFound = failed || gone;
  return (
    <>
      <PageMeta
        title={notFound ? 'Project not found' : 'Edit Project Overview'}
        description="Change your trek request; guides are notified."
        noIndex
      />
      {failed ? (
        // The spec's one message for a missing project and a failed load; a failed load can
        // retry, and stays while it is asked again so its busy Try again keeps the keyboard.
        <ProjectNotFound
          onRetry={() => void retry.retry()}
          retrying={retry.retrying}
          failedAgain={retry.failedAgain}
          headingRef={heading}
        />
      ) : gone ? (
        <ProjectNotFound headingRef={heading} />
      ) : project.data ? (
        <ProjectEditor key={project.data.id} project={project.data} headingRef={heading} />
      ) : (
        <ProjectEditorSkeleton />
      )}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { PageMeta, projectQueryOptions } from '@trek/shared';
import { useParams } from 'react-router-dom';
import { ProjectNotFound } from '../components/project-not-found';
import { ProjectEditor } from '../features/project-edit/components/project-editor';
import { ProjectEditorSkeleton } from '../features/project-edit/components/project-editor-skeleton';
import { isNotFound } from '../model/errors';

/** Exposed as `projects/ProjectEditPage`: /u/projects/:id/edit. */
export default function ProjectEditPage() {
  const { id = '' } = useParams();
  const project = useQuery(projectQueryOptions(id));
  return (
    <>
      <PageMeta
        title="Edit Project Overview"
        description="Change your trek request; guides are notified."
        noIndex
      />
      {project.isPending ? (
        <ProjectEditorSkeleton />
      ) : project.isError ? (
        // The spec's one message for a missing project and a failed load; a failed load can retry.
        <ProjectNotFound
          {...(isNotFound(project.error) ? {} : { onRetry: () => void project.refetch() })}
        />
      ) : (
        <ProjectEditor key={project.data.id} project={project.data} />
      )}
    </>
  );
}

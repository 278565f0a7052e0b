import { useQuery } from '@tanstack/react-query';
import { PageMeta, projectQueryOptions } from '@trek/shared';
import { useParams } from 'react-router-dom';
import { ProjectNotFound } from '../components/project-not-found';
import { ProjectDetail } from '../features/project-detail/components/project-detail';
import { ProjectDetailSkeleton } from '../features/project-detail/components/project-detail-skeleton';
import { isNotFound } from '../model/errors';

/** Exposed as `projects/ProjectDetailPage`: /u/projects/:id and /projects/:id. */
export default function ProjectDetailPage() {
  const { id = '' } = useParams();
  const project = useQuery(projectQueryOptions(id));
  return (
    <>
      <PageMeta
        title="Project details"
        description="Your trek request and the guide offers it received."
        noIndex
      />
      {project.isPending ? (
        <ProjectDetailSkeleton />
      ) : project.isError ? (
        isNotFound(project.error) ? (
          <ProjectNotFound />
        ) : (
          <ProjectNotFound
            title="Failed to fetch project"
            text="We couldn't load this project. Please try again."
            onRetry={() => void project.refetch()}
          />
        )
      ) : (
        <ProjectDetail project={project.data} />
      )}
    </>
  );
}

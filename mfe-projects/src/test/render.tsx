import { PATHS } from '@trek/shared';
import { renderRoutes } from '@trek/shared/testing/render';
import ProjectDetailPage from '../pages/project-detail-page';
import ProjectEditPage from '../pages/project-edit-page';
import ProjectsPage from '../pages/projects-page';

/**
 * The three pages at their URLs, inside the providers and the data router a host gives them
 * (the edit page's leave guard needs a data router). The API is mocked with `mockApi` from
 * '@trek/shared/testing/mock-api', as in every package.
 */
export function renderProjectsApp(path: string) {
  return renderRoutes(
    [
      { path: PATHS.projects, element: <ProjectsPage /> },
      { path: PATHS.project, element: <ProjectDetailPage /> },
      { path: PATHS.sharedProject, element: <ProjectDetailPage /> },
      { path: PATHS.projectEdit, element: <ProjectEditPage /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { path },
  );
}

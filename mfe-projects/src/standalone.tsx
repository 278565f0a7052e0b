import { PATHS } from '@trek/shared';
import { mountStandalone } from '@trek/shared/standalone';
import ProjectDetailPage from './pages/project-detail-page';
import ProjectEditPage from './pages/project-edit-page';
import ProjectsPage from './pages/projects-page';

mountStandalone('Projects', [
  { path: '/', element: <ProjectsPage /> },
  { path: PATHS.projects, element: <ProjectsPage /> },
  { path: PATHS.project, element: <ProjectDetailPage /> },
  { path: PATHS.sharedProject, element: <ProjectDetailPage /> },
  { path: PATHS.projectEdit, element: <ProjectEditPage /> },
]);

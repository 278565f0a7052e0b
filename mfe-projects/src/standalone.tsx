import { mountStandalone } from '@trek/shared/standalone';
import ProjectDetailPage from './pages/project-detail-page';
import ProjectEditPage from './pages/project-edit-page';
import ProjectsPage from './pages/projects-page';

mountStandalone('Projects', [
  { path: '/', element: <ProjectsPage /> },
  { path: '/u/projects', element: <ProjectsPage /> },
  { path: '/u/projects/:id', element: <ProjectDetailPage /> },
  { path: '/projects/:id', element: <ProjectDetailPage /> },
  { path: '/u/projects/:id/edit', element: <ProjectEditPage /> },
]);

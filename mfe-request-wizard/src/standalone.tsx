import { PATHS } from '@trek/shared';
import { mountStandalone } from '@trek/shared/standalone';
import ProjectSuccessPage from './pages/project-success-page';
import RequestWizardPage from './pages/request-wizard-page';

mountStandalone('Trek request', [
  { path: PATHS.home, element: <RequestWizardPage /> },
  { path: PATHS.newTrek, element: <RequestWizardPage /> },
  { path: PATHS.createProject, element: <RequestWizardPage /> },
  { path: PATHS.projectSuccess, element: <ProjectSuccessPage /> },
]);

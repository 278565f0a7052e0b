import { mountStandalone } from '@trek/shared/standalone';
import ProjectSuccessPage from './pages/project-success-page';
import RequestWizardPage from './pages/request-wizard-page';

mountStandalone('Trek request', [
  { path: '/', element: <RequestWizardPage /> },
  { path: '/trek/new', element: <RequestWizardPage /> },
  { path: '/create-project', element: <RequestWizardPage /> },
  { path: '/project-success', element: <ProjectSuccessPage /> },
]);

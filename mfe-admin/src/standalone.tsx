import { PATHS } from '@trek/shared';
import { mountStandalone } from '@trek/shared/standalone';
import GuidesPage from './pages/guides-page';

mountStandalone('Admin', [
  { path: '/', element: <GuidesPage /> },
  { path: PATHS.adminGuides, element: <GuidesPage /> },
]);

import { mountStandalone } from '@trek/shared/standalone';
import GuidesPage from './pages/guides-page';

mountStandalone('Admin', [
  { path: '/', element: <GuidesPage /> },
  { path: '/admin/guides', element: <GuidesPage /> },
]);

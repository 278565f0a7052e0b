import { mountStandalone } from '@trek/shared/standalone';
import SettingsPage from './pages/settings-page';

mountStandalone('Account', [
  { path: '/', element: <SettingsPage /> },
  { path: '/u/settings', element: <SettingsPage /> },
]);

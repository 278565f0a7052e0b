import { PATHS } from '@trek/shared';
import { mountStandalone } from '@trek/shared/standalone';
import SettingsPage from './pages/settings-page';

mountStandalone('Account', [
  { path: '/', element: <SettingsPage /> },
  { path: PATHS.settings, element: <SettingsPage /> },
]);

import { remotePage } from './federation/remote-page';

/**
 * One exposed page module per entry; a route loads only its own remote's code. Links to a likely
 * next page call `.preload()` on hover or focus.
 */
export const remotePages = {
  requestWizard: remotePage('wizard', 'RequestWizardPage'),
  projectSuccess: remotePage('wizard', 'ProjectSuccessPage'),
  projects: remotePage('projects', 'ProjectsPage'),
  projectDetail: remotePage('projects', 'ProjectDetailPage'),
  projectEdit: remotePage('projects', 'ProjectEditPage'),
  settings: remotePage('account', 'SettingsPage'),
  adminGuides: remotePage('admin', 'GuidesPage'),
};

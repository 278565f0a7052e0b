import type { ExposedPage } from '@trek/shared/contract';
import type { ComponentType } from 'react';
import type { RemoteMap, RemoteName } from './remote-map';

/**
 * The yardstick build of the host (`TREK_HOST_BUILD=monolith`, docs/decisions/0007-what-the-browser-receives.md)
 * puts this module in place of ./runtime: the same pages, imported from the remotes' packages at
 * build time, each still a chunk of its own, and no Module Federation at all. `npm run bench`
 * loads both builds side by side to say what federation costs.
 */
export type PageModule = { default: ComponentType };

type PageLoaders = { [R in RemoteName]: Record<ExposedPage<R>, () => Promise<PageModule>> };

/** Every page the contract says a remote exposes: one missing is a type error. */
const pages: PageLoaders = {
  wizard: {
    RequestWizardPage: () => import('@trek/mfe-request-wizard/pages/request-wizard-page'),
    ProjectSuccessPage: () => import('@trek/mfe-request-wizard/pages/project-success-page'),
  },
  projects: {
    ProjectsPage: () => import('@trek/mfe-projects/pages/projects-page'),
    ProjectDetailPage: () => import('@trek/mfe-projects/pages/project-detail-page'),
    ProjectEditPage: () => import('@trek/mfe-projects/pages/project-edit-page'),
  },
  account: {
    SettingsPage: () => import('@trek/mfe-account/pages/settings-page'),
  },
  admin: {
    GuidesPage: () => import('@trek/mfe-admin/pages/guides-page'),
  },
};

export function startFederation(_map?: RemoteMap): void {}

export function resetRemote(_name: RemoteName): void {}

export function loadRemotePage<R extends RemoteName>(
  remote: R,
  expose: ExposedPage<R>,
): Promise<PageModule> {
  const load = (pages[remote] as Record<string, () => Promise<PageModule>>)[expose];
  if (!load) return Promise.reject(new Error(`No page ${remote}/${expose} in this build`));
  return load();
}

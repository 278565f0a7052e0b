// @ts-check
/**
 * Which page module of which remote renders each remote-owned URL. The host's route table
 * (host/src/routes.tsx, checked against this list by its test) loads them; the host's server
 * reads the same list to preload a page's code with the page itself, so the browser does not
 * discover the remote one fetch at a time (docs/decisions/0007-what-the-browser-receives.md).
 */
import { PATHS } from './paths.js';

/**
 * @typedef {import('./federation.js').RemoteName} RemoteName
 * @typedef {{ [R in RemoteName]: { path: string, remote: R, page: import('./federation.js').ExposedPage<R>, signedInReads?: readonly string[] } }[RemoteName]} RemoteRoute
 *   `signedInReads`: the API reads the page makes first for a signed-in user, which the host's
 *   server preloads with the page when the request carries a session
 */

/** The user's read, with a timestamp of its own (fetchCurrentUser), which every page makes first. */
export const USER_READ_PATH = '/api/auth/user';

/** The first page of the traveler's projects, as `fetchAllProjects` asks for it (its test checks). */
export const PROJECTS_FIRST_READ = '/api/projects?limit=100';

/** @type {readonly RemoteRoute[]} */
export const REMOTE_ROUTES = [
  { path: PATHS.home, remote: 'wizard', page: 'RequestWizardPage' },
  { path: PATHS.newTrek, remote: 'wizard', page: 'RequestWizardPage' },
  { path: PATHS.createProject, remote: 'wizard', page: 'RequestWizardPage' },
  { path: PATHS.projectSuccess, remote: 'wizard', page: 'ProjectSuccessPage' },
  {
    path: PATHS.projects,
    remote: 'projects',
    page: 'ProjectsPage',
    signedInReads: [PROJECTS_FIRST_READ],
  },
  { path: PATHS.project, remote: 'projects', page: 'ProjectDetailPage' },
  { path: PATHS.sharedProject, remote: 'projects', page: 'ProjectDetailPage' },
  { path: PATHS.projectEdit, remote: 'projects', page: 'ProjectEditPage' },
  { path: PATHS.settings, remote: 'account', page: 'SettingsPage' },
  { path: PATHS.adminGuides, remote: 'admin', page: 'GuidesPage' },
];

/**
 * The remote route a URL path opens, if a remote renders it: patterns match segment by
 * segment, `:name` matching any one segment.
 * @param {string} pathname
 * @returns {RemoteRoute | undefined}
 */
export function remoteRouteOf(pathname) {
  const segments = pathname.split('/');
  return REMOTE_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  });
}

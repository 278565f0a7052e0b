// @ts-check
/**
 * The federation contract: the remotes, the page modules each one exposes, and the files of a
 * remote build the host reads. Plain JavaScript without React, so the host, the remotes' Rsbuild
 * configs and standalone bootstraps, the serving and deploy scripts and the API all read the same
 * facts (docs/decisions/0005-versioned-shared-contract.md).
 */

/** Each remote: the workspace folder that builds it and the page modules it exposes. */
export const REMOTES = /** @type {const} */ ({
  wizard: { dir: 'mfe-request-wizard', exposes: ['RequestWizardPage', 'ProjectSuccessPage'] },
  projects: {
    dir: 'mfe-projects',
    exposes: ['ProjectsPage', 'ProjectDetailPage', 'ProjectEditPage'],
  },
  account: { dir: 'mfe-account', exposes: ['SettingsPage'] },
  admin: { dir: 'mfe-admin', exposes: ['GuidesPage'] },
});

/** @typedef {keyof typeof REMOTES} RemoteName */
/**
 * The page modules one remote exposes, e.g. ExposedPage<'projects'> is 'ProjectsPage' | ...
 * @template {RemoteName} R
 * @typedef {(typeof REMOTES)[R]['exposes'][number]} ExposedPage
 */

export const REMOTE_NAMES = /** @type {RemoteName[]} */ (Object.keys(REMOTES));

/** @param {string} name @returns {name is RemoteName} */
export function isRemoteName(name) {
  return Object.hasOwn(REMOTES, name);
}

/** The file of a remote build the host's remote map points at. */
export const MANIFEST_FILE = 'mf-manifest.json';
/** The script that registers a remote's container; revalidated on every load, like the manifest. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** The name under which the workspace package is shared as a singleton. */
export const SHARED_PACKAGE_NAME = '@trek/shared';

/**
 * Libraries shared under their own names as slices of @trek/shared (the parts of each the suite
 * uses), at @trek/shared's version: the contract covers them as it covers the package.
 */
export const SLICED_LIBRARIES = /** @type {const} */ ([
  'react-router-dom',
  '@tanstack/react-query',
]);

/**
 * The global array a remote's chunks register themselves in. One name per remote (not per build),
 * so the host can give a redeployed remote a clean one and never mix two builds' chunks
 * (docs/decisions/0006-skew-recovery.md).
 * @param {RemoteName} remote
 */
export function chunkLoadingGlobalOf(remote) {
  return `trekChunks_${remote}`;
}

/**
 * Where a remote's build writes the markup of a page every visitor first sees the same
 * (shared/build/prerender-pages.mjs), beside its manifest: the host's server puts it in the page
 * it sends for that page's URLs (docs/decisions/0007-what-the-browser-receives.md).
 * @param {string} page an exposed page, e.g. 'RequestWizardPage'
 */
export function prerenderedPageFileOf(page) {
  return `prerendered/${page}.json`;
}

/**
 * A cookie (a flag, no data) a page sets while what it shows first depends on what the browser
 * saved (the wizard's answers resume at their step): the host's server then sends that page
 * without its prerendered markup, which would show the first step before the saved one.
 */
export const SAVED_ANSWERS_COOKIE = 'trek_saved_answers';

/**
 * Query parameters of an address that brings answers back (a social sign-in's return to the
 * wizard, which restores and sends them: use-auto-submit.ts): such a page is sent without its
 * prerendered markup too.
 */
export const RESUMING_QUERY_PARAMETERS = /** @type {const} */ (['auth', 'formData']);

/**
 * Where the host's prerendered frame of a page (host/scripts/prerender.mjs) marks the remote
 * page's place, for the server to put that page's prerendered markup in.
 */
export const PAGE_SLOT_MARKUP = '<template data-page-slot=""></template>';

/**
 * The cookie the API's session rides on: bound to the site's origin over HTTPS with `__Host-` in
 * production. The host's server only looks whether a page's request carries one.
 */
export const SESSION_COOKIE = /** @type {const} */ ({
  production: '__Host-trek_session',
  development: 'trek_session',
});

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
 * The global array a remote's chunks register themselves in. One name per remote (not per build),
 * so the host can give a redeployed remote a clean one and never mix two builds' chunks
 * (docs/decisions/0006-skew-recovery.md).
 * @param {RemoteName} remote
 */
export function chunkLoadingGlobalOf(remote) {
  return `trekChunks_${remote}`;
}

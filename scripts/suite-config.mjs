// @ts-check
/**
 * Ports, URLs and files of the whole suite, from the environment variables documented in the
 * README. The one place that knows the defaults: used by the start, test, deploy and bench scripts
 * and by the Rsbuild configs (dev ports, the remote map baked into the host's index.html).
 * Which remotes exist comes from the federation contract in @trek/shared.
 */
import { join, resolve } from 'node:path';
import { MANIFEST_FILE, REMOTE_NAMES, REMOTES } from '../shared/src/contract/index.js';
import { parseForwardedForTrust } from './api-proxy.mjs';
import { originOf } from './page-headers.mjs';
import { ROOT } from './toolchain.mjs';

/** @typedef {import('../shared/src/contract/index.js').RemoteName} RemoteName */

/** Environment variables and default port of each remote's server. */
const REMOTE_ENV = /** @type {const} @satisfies {Record<RemoteName, unknown>} */ ({
  wizard: { portVar: 'WIZARD_PORT', urlVar: 'REMOTE_WIZARD_URL', port: 3001 },
  projects: { portVar: 'PROJECTS_PORT', urlVar: 'REMOTE_PROJECTS_URL', port: 3002 },
  account: { portVar: 'ACCOUNT_PORT', urlVar: 'REMOTE_ACCOUNT_URL', port: 3003 },
  admin: { portVar: 'ADMIN_PORT', urlVar: 'REMOTE_ADMIN_URL', port: 3004 },
});

/**
 * @param {string | undefined} value
 * @param {number} fallback
 * @param {string} name
 */
function port(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535 (got "${value}")`);
  }
  return n;
}

/** @param {Record<string, string | undefined>} env */
export function suiteConfig(env = process.env) {
  const hostPort = port(env.HOST_PORT, 3000, 'HOST_PORT');
  const apiPort = port(env.API_PORT, 4000, 'API_PORT');
  const publicOrigin = env.PUBLIC_ORIGIN
    ? originOf(env.PUBLIC_ORIGIN, 'PUBLIC_ORIGIN')
    : `http://localhost:${hostPort}`;
  const hostAddress = env.HOST_ADDRESS || '127.0.0.1';
  const apiOrigin = env.API_ORIGIN ?? `http://127.0.0.1:${apiPort}`;
  const hostTrustProxy = parseForwardedForTrust(env.HOST_TRUST_PROXY);
  const remotes =
    /** @type {Record<RemoteName, { dir: string, port: number, manifestUrl: string }>} */ (
      Object.fromEntries(
        REMOTE_NAMES.map((name) => {
          const r = REMOTE_ENV[name];
          const p = port(env[r.portVar], r.port, r.portVar);
          return [
            name,
            {
              dir: REMOTES[name].dir,
              port: p,
              manifestUrl: env[r.urlVar] ?? `http://localhost:${p}/${MANIFEST_FILE}`,
            },
          ];
        }),
      )
    );
  // The host reads its remote map from this file on every page it serves, so editing the file
  // switches a remote without a restart. The default is one file per host port, so two suites
  // started from one checkout never share one.
  const remoteMapFileChosen = Boolean(env.REMOTE_MAP_FILE);
  const remoteMapFile = env.REMOTE_MAP_FILE
    ? resolve(env.REMOTE_MAP_FILE)
    : join(ROOT, '.run', `remote-map.${hostPort}.json`);
  return {
    hostPort,
    apiPort,
    publicOrigin,
    hostAddress,
    apiOrigin,
    hostTrustProxy,
    remotes,
    remoteMapFile,
    remoteMapFileChosen,
  };
}

/**
 * The remote map from the `REMOTE_*_URL` variables (or the default ports): remote name ->
 * manifest URL. Written into the default map file at every start, and into a REMOTE_MAP_FILE
 * only when that file does not exist yet.
 * @param {ReturnType<typeof suiteConfig>} config
 * @returns {Record<RemoteName, string>}
 */
export function remoteMap(config) {
  return /** @type {Record<RemoteName, string>} */ (
    Object.fromEntries(Object.entries(config.remotes).map(([name, r]) => [name, r.manifestUrl]))
  );
}

/** Every variable `suiteConfig` reads, found by handing it an environment that records reads. */
export function suiteVariables() {
  /** @type {Set<string>} */
  const read = new Set();
  suiteConfig(
    new Proxy(/** @type {Record<string, string | undefined>} */ ({}), {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    }),
  );
  return read;
}

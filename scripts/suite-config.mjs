// @ts-check
/**
 * Ports, URLs and folders of the whole suite, from the environment variables documented in the
 * README. The one place that knows the defaults: used by the start, test and bench scripts and by
 * the host's build (the remote map baked into index.html).
 */

/** @typedef {'wizard' | 'projects' | 'account' | 'admin'} RemoteName */

/** @type {Record<RemoteName, { dir: string, portVar: string, urlVar: string, port: number }>} */
const REMOTES = {
  wizard: {
    dir: 'mfe-request-wizard',
    portVar: 'WIZARD_PORT',
    urlVar: 'REMOTE_WIZARD_URL',
    port: 3001,
  },
  projects: {
    dir: 'mfe-projects',
    portVar: 'PROJECTS_PORT',
    urlVar: 'REMOTE_PROJECTS_URL',
    port: 3002,
  },
  account: {
    dir: 'mfe-account',
    portVar: 'ACCOUNT_PORT',
    urlVar: 'REMOTE_ACCOUNT_URL',
    port: 3003,
  },
  admin: { dir: 'mfe-admin', portVar: 'ADMIN_PORT', urlVar: 'REMOTE_ADMIN_URL', port: 3004 },
};

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
  const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${hostPort}`;
  const apiOrigin = env.API_ORIGIN ?? `http://127.0.0.1:${apiPort}`;
  const remotes =
    /** @type {Record<RemoteName, { dir: string, port: number, manifestUrl: string }>} */ (
      Object.fromEntries(
        Object.entries(REMOTES).map(([name, r]) => {
          const p = port(env[r.portVar], r.port, r.portVar);
          return [
            name,
            {
              dir: r.dir,
              port: p,
              manifestUrl: env[r.urlVar] ?? `http://localhost:${p}/mf-manifest.json`,
            },
          ];
        }),
      )
    );
  return { hostPort, apiPort, publicOrigin, apiOrigin, remotes };
}

/**
 * The remote map the host reads at start: remote name -> manifest URL.
 * @param {ReturnType<typeof suiteConfig>} config
 * @returns {Record<RemoteName, string>}
 */
export function remoteMap(config) {
  return /** @type {Record<RemoteName, string>} */ (
    Object.fromEntries(Object.entries(config.remotes).map(([name, r]) => [name, r.manifestUrl]))
  );
}

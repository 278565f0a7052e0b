// @ts-check
/**
 * A throwaway PostgreSQL cluster for `npm test`: Debian's `postgresql` package (installed like
 * Chromium when missing), a fresh data folder in the temporary directory, a free port on
 * 127.0.0.1, fsync off, trust authentication for the local user `trek`. `initdb` refuses to run
 * as root, so as root the cluster belongs to the `postgres` user the package creates.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, step } from './toolchain.mjs';

const PG_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL installed from Debian's packages, or null. */
function postgresBin() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

export async function ensurePostgres() {
  const found = postgresBin();
  if (found) return found;
  step("Installing PostgreSQL from Debian's packages");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const [command = 'apt-get', ...rest] = [...sudo, 'apt-get'];
  await run(command, [...rest, 'update', '-qq']);
  await run(command, [...rest, 'install', '-y', '-qq', '--no-install-recommends', 'postgresql']);
  const bin = postgresBin();
  if (!bin) throw new Error(`PostgreSQL was installed but no initdb is in ${PG_ROOT}/*/bin`);
  return bin;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster and returns its URL (database `postgres`, user `trek`) and a stop function
 * that removes it.
 * @param {{ port?: number }} [options]
 */
export async function startThrowawayCluster(options = {}) {
  const bin = await ensurePostgres();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'trek-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  /** @param {string} tool @param {string[]} args */
  const pg = (tool, args) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${tool} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  pg('initdb', ['-D', data, '-U', 'trek', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  pg('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://trek@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      try {
        pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresUser() {
  const id = (/** @type {string} */ flag) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid === 0) {
    throw new Error('Running as root: PostgreSQL needs its `postgres` user (from the package).');
  }
  return { uid, gid };
}

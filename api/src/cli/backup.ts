/**
 * `npm run backup [-- FILE]`: a consistent snapshot of the embedded database in DATA_DIR, while
 * the API runs (it writes the snapshot itself when asked by signal) or not (opened here).
 * Prints the file written: by default DATA_DIR/backups/trek-<time>.tar.gz.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import {
  BACKUP_REQUEST_FILE,
  BACKUP_SIGNAL,
  pgliteDir,
  snapshotStoppedDataDir,
} from '../db/backup.js';
import { lockOwner } from '../db/data-dir-lock.js';

const WAIT_MS = 120_000;

async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: back a PostgreSQL server up with pg_dump (see the README, "Backups").',
    );
  }
  const { dataDir } = config;
  if (!existsSync(pgliteDir(dataDir))) throw new Error(`No embedded database in ${dataDir}.`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(process.argv[2] ?? join(dataDir, 'backups', `trek-${stamp}.tar.gz`));
  mkdirSync(dirname(target), { recursive: true });
  if (existsSync(target)) throw new Error(`${target} exists already.`);

  const owner = lockOwner(dataDir);
  if (!owner) {
    await snapshotStoppedDataDir(dataDir, target);
    return target;
  }
  // The API holds the folder: it writes the snapshot itself.
  const requestFile = join(dataDir, BACKUP_REQUEST_FILE);
  const failedFile = `${requestFile}.failed`;
  rmSync(failedFile, { force: true });
  writeFileSync(requestFile, JSON.stringify({ target }));
  process.kill(owner.pid, BACKUP_SIGNAL);
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(failedFile)) {
      const reason = readFileSync(failedFile, 'utf8');
      rmSync(failedFile, { force: true });
      throw new Error(`The API could not write the backup: ${reason}`);
    }
    if (!existsSync(requestFile) && existsSync(target)) return target;
    await new Promise((r) => setTimeout(r, 100));
  }
  rmSync(requestFile, { force: true });
  throw new Error(
    `The API (pid ${owner.pid}) did not write the backup within ${WAIT_MS / 1000} s.`,
  );
}

main().then(
  (target) => console.log(`Backup written: ${target}`),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

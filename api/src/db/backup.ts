import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { lockDataDir } from './data-dir-lock.js';

/**
 * Backups of the embedded database (docs/decisions/0070-reliability-proofs-and-backups.md). While the
 * API runs it alone may open DATA_DIR, so `npm run backup` asks it, by signal, to write the
 * snapshot itself: it names the file in DATA_DIR/backup.request and sends SIGUSR2 to the process
 * holding the folder's lock; the API checkpoints, dumps the data folder (PGlite's dumpDataDir,
 * taken between two queries) into `<file>.partial`, renames it into place and deletes the
 * request. Only the machine's user who runs the API can signal it: no network surface.
 */

export const BACKUP_REQUEST_FILE = 'backup.request';
export const BACKUP_SIGNAL = 'SIGUSR2';

const requestSchema = z.object({ target: z.string().min(1) });

/** The data folder's PGlite files (beside the lock file and backups). */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** Writes a gzipped tarball of the open database to `target`, whole or not at all. */
export async function writeSnapshot(db: PGlite, target: string): Promise<void> {
  // Dirty pages go to the data files first, so a restore replays little or no WAL.
  await db.query('checkpoint');
  const tarball = await db.dumpDataDir('gzip');
  const partial = `${target}.partial`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, target);
}

/**
 * Answers a backup request of `npm run backup` (see above). A failure is written beside the
 * request, for the script to print, and never stops the API.
 */
export async function answerBackupRequest(dataDir: string, db: PGlite): Promise<string> {
  const requestFile = join(dataDir, BACKUP_REQUEST_FILE);
  try {
    const { target } = requestSchema.parse(JSON.parse(readFileSync(requestFile, 'utf8')));
    await writeSnapshot(db, target);
    rmSync(requestFile, { force: true });
    return target;
  } catch (error) {
    writeFileSync(`${requestFile}.failed`, error instanceof Error ? error.message : String(error));
    rmSync(requestFile, { force: true });
    throw error;
  }
}

/** A snapshot of a data folder no process has open (the API stopped): opened, dumped, closed. */
export async function snapshotStoppedDataDir(dataDir: string, target: string): Promise<void> {
  const unlock = lockDataDir(dataDir);
  try {
    const db = await PGlite.create(pgliteDir(dataDir));
    try {
      await writeSnapshot(db, target);
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Replaces the database of `dataDir` with a snapshot; the API must be stopped (the folder's
 * lock says so). The database replaced is kept beside it, renamed, until the operator deletes
 * it. The restored database is opened once, so it is checked before anyone relies on it.
 */
export async function restoreSnapshot(
  dataDir: string,
  file: string,
): Promise<{ kept: string | null }> {
  const tarball = new Blob([await readFile(file)]);
  const unlock = lockDataDir(dataDir);
  try {
    const live = pgliteDir(dataDir);
    let kept: string | null = null;
    if (existsSync(live)) {
      kept = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(live, kept);
    }
    try {
      mkdirSync(live, { recursive: true });
      const db = await PGlite.create(live, { loadDataDir: tarball });
      try {
        await db.query('select 1');
      } finally {
        await db.close();
      }
    } catch (error) {
      // Leave the folder as it was.
      rmSync(live, { recursive: true, force: true });
      if (kept) renameSync(kept, live);
      throw error;
    }
    return { kept };
  } finally {
    unlock();
  }
}

import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The embedded database's folder is in use by another process. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt) }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the exclusive lock of an embedded data folder: a file naming this process, put in place
 * (whole, by a hard link) only if absent. PGlite is one PostgreSQL in one process; two processes on one folder corrupt it.
 * A lock left by a process that no longer runs (a crash, a kill -9) is taken over. Returns the
 * release function; the lock also goes when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'api.lock');
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    return takeLock(dataDir, path, draft, me);
  } finally {
    rmSync(draft, { force: true });
  }
}

function takeLock(dataDir: string, path: string, draft: string, me: LockOwner): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      linkSync(draft, path);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(path)?.pid === me.pid) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      // Another machine sharing the folder cannot be asked whether its process still runs.
      if (owner && (owner.host !== me.host || isRunning(owner.pid))) {
        throw new DataDirLockedError(
          `${dataDir} is in use by another API process (pid ${owner.pid} on ${owner.host}, since ${owner.startedAt}). ` +
            `Stop it first, or set DATA_DIR to another folder. If no such process runs, delete ${path}.`,
        );
      }
      // A stale lock (its process is gone, or unreadable): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`${dataDir} is being locked by another process at the same time.`);
}

/**
 * The process of this machine that holds the folder's lock now, or null when none does (a
 * stale lock is none). A holder on another machine cannot be reached: that is an error.
 */
export function lockOwner(dataDir: string): LockOwner | null {
  const owner = readOwner(join(dataDir, 'api.lock'));
  if (!owner) return null;
  if (owner.host !== hostname()) {
    throw new DataDirLockedError(`${dataDir} is in use by a process on ${owner.host}.`);
  }
  return isRunning(owner.pid) ? owner : null;
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../config.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'trek-api-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('lets one holder at a time have a folder, and frees it on release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another API process \(pid \d+/);
    release();
    expect(existsSync(join(dir, 'api.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock whose process no longer runs', () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      join(dir, 'api.lock'),
      JSON.stringify({ pid: gone, host: hostname(), startedAt: '2026-01-01T00:00:00Z' }),
    );
    const release = lockDataDir(dir);
    release();
  });
});

/** Runs the API from source the way `npm start` runs its build. */
function startApi(dataDir: string): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: PACKAGE_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      API_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('two API processes on one data folder', () => {
  it('the second refuses to start, with a message naming the first', async () => {
    const dataDir = freshDir();
    const first = startApi(dataDir);
    try {
      const deadline = Date.now() + 60_000;
      while (!first.output().includes('API ready')) {
        if (first.child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the first API did not start:\n${first.output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const second = startApi(dataDir);
      expect(await exitOf(second.child)).toBe(1);
      expect(second.output()).toContain(
        `The API could not start: ${dataDir} is in use by another API process (pid ${first.child.pid}`,
      );
      // The first one never noticed.
      expect(first.child.exitCode).toBeNull();
    } finally {
      first.child.kill('SIGTERM');
      await exitOf(first.child);
    }
    expect(existsSync(join(dataDir, 'api.lock'))).toBe(false);
  }, 90_000);
});

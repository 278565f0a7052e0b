import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createSession, sessionCookieName } from '../auth/sessions.js';
import { findOrCreateUserByEmail, recordProvenEmail } from '../auth/users.js';
import { loadConfig } from '../config.js';
import { openEmbeddedDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { TEST_ORIGIN } from './test-api.js';

export const API_DIR = join(import.meta.dirname, '../..');

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
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

/** Runs a TypeScript entry of the API (server, a CLI) as its own process, as `node dist/...` would. */
export function runApiEntry(
  entry: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: TEST_ORIGIN,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output: () => string;
}

/** The API server as a process on `dataDir`, once its health check answers. */
export async function startApiProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child = runApiEntry('src/server.ts', [], {
    DATA_DIR: dataDir,
    API_PORT: String(port),
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (done) throw new Error(`The API exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API did not answer in time:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, output: () => output };
}

/** Users with sessions in a data folder no process holds (before the API starts). */
export async function seedSessions(dataDir: string, emails: string[]): Promise<string[]> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_ORIGIN: TEST_ORIGIN });
  const db = await openEmbeddedDatabase(dataDir);
  try {
    await migrate(db);
    const cookies: string[] = [];
    for (const email of emails) {
      const userId = await findOrCreateUserByEmail(db, { email, firstName: null, lastName: null });
      await recordProvenEmail(db, userId, email);
      const token = await createSession(db, userId, new Date());
      cookies.push(`${sessionCookieName(config)}=${token}`);
    }
    return cookies;
  } finally {
    await db.close();
  }
}

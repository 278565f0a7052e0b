import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.js';
import { createSession, sessionCookieName } from '../auth/sessions.js';
import { findOrCreateUserByEmail, recordProvenEmail } from '../auth/users.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openEmbeddedDatabase, openServerDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { localFolderStorage } from '../storage/local-folder-storage.js';
import type { ObjectStorage } from '../storage/object-storage.js';

/** The site's own origin in tests: state-changing requests carry it, as a browser's would. */
export const TEST_ORIGIN = 'http://localhost:3000';

/** A signed-in user of the test API. */
export interface TestUser {
  userId: string;
  email: string;
  token: string;
  /** A ready Cookie header value. */
  cookie: string;
}

export interface TestRequestOptions {
  /** Sends the request as this user (their session cookie); a string is a Cookie header. */
  as?: TestUser | string;
  /** A JSON body (sent with a JSON content type). */
  body?: unknown;
  /** A form body (application/x-www-form-urlencoded), as the magic link's Continue button. */
  form?: Record<string, string>;
  /** More headers; `origin: undefined`-style removal is not needed: pass `origin: ''`. */
  headers?: Record<string, string>;
  /** Follow redirects? Tests look at them, so not by default. */
  redirect?: 'follow' | 'manual' | 'error';
}

export interface TestApi {
  url: string;
  config: Config;
  db: Database;
  clock: { now: Date };
  /** E-mails the API sent (a recording mailer unless one was given). */
  sentMail: MailMessage[];
  /** Log lines the API wrote (only with `logs: true`). */
  logLines: string[];
  /** The object store (a throwaway folder, `storageDir`). */
  storage: ObjectStorage;
  storageDir: string;
  /** Runs the jobs that are due now (the API under test does not poll). */
  runJobs(): Promise<number>;
  /** Every route the app registered, as Fastify saw it (HEAD twins of GET routes included). */
  routes: RouteOptions[];
  /** A user with a fresh session. */
  signIn(email: string, names?: { firstName?: string; lastName?: string }): Promise<TestUser>;
  /**
   * One request as a browser on the site would send it: the site's Origin on state-changing
   * methods, the user's cookie, a JSON or form body with its content type.
   */
  request(method: string, path: string, options?: TestRequestOptions): Promise<Response>;
  close(): Promise<void>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A throwaway database: in memory, or, when TEST_DATABASE_URL names a PostgreSQL server (the
 * PostgreSQL stage of `npm test`), a fresh database created on it and dropped on close.
 */
export async function throwawayDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { db: await openEmbeddedDatabase('memory://'), drop: async () => {} };
  const name = `trek_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openServerDatabase(url.href);
  return {
    db,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * The real API on a throwaway database (see throwawayDatabase), listening on a free port. The
 * clock is controllable: move `clock.now` to test expiry.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer | null;
    logs?: boolean;
    oauthProviders?: BuildAppOptions['oauthProviders'];
  } = {},
): Promise<TestApi> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN, ...env });
  const { db, drop } = await throwawayDatabase();
  await migrate(db);
  const clock = { now: new Date('2026-01-05T10:00:00Z') };
  const sentMail: MailMessage[] = [];
  const logLines: string[] = [];
  const routes: RouteOptions[] = [];
  const recording: Mailer = {
    async send(message) {
      sentMail.push(message);
    },
  };
  const storageDir = mkdtempSync(join(tmpdir(), 'trek-api-storage-'));
  const storage = localFolderStorage(storageDir);
  const app = await buildApp({
    config,
    db,
    storage,
    now: () => clock.now,
    mailer: options.mailer !== undefined ? options.mailer : recording,
    ...(options.oauthProviders ? { oauthProviders: options.oauthProviders } : {}),
    onRoute: (route) => void routes.push(route),
    ...(options.logs ? { logStream: { write: (line: string) => void logLines.push(line) } } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    config,
    db,
    clock,
    sentMail,
    logLines,
    storage,
    storageDir,
    runJobs: () => app.jobs.runDue(),
    routes,
    async signIn(email, names = {}) {
      const userId = await findOrCreateUserByEmail(db, {
        email,
        firstName: names.firstName ?? null,
        lastName: names.lastName ?? null,
      });
      await recordProvenEmail(db, userId, email);
      const token = await createSession(db, userId, clock.now);
      return { userId, email, token, cookie: `${sessionCookieName(config)}=${token}` };
    },
    request(method, path, { as, body, form, headers = {}, redirect = 'manual' } = {}) {
      const sent: Record<string, string> = {};
      if (STATE_CHANGING.has(method)) sent.origin = TEST_ORIGIN;
      const cookie = typeof as === 'string' ? as : as?.cookie;
      if (cookie) sent.cookie = cookie;
      let payload: string | undefined;
      if (body !== undefined) {
        sent['content-type'] = 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      } else if (form) {
        sent['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(form).toString();
      }
      for (const [name, value] of Object.entries(headers)) {
        if (value === '') delete sent[name];
        else sent[name] = value;
      }
      return fetch(`${url}${path}`, {
        method,
        headers: sent,
        redirect,
        ...(payload !== undefined ? { body: payload } : {}),
      });
    },
    async close() {
      await app.close();
      await db.close();
      await drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

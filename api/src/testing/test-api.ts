import { buildApp } from '../app.js';
import { createSession, sessionCookieName } from '../auth/sessions.js';
import { findOrCreateUserByEmail, recordProvenEmail } from '../auth/users.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openEmbeddedDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';

export interface TestApi {
  url: string;
  config: Config;
  db: Database;
  clock: { now: Date };
  /** E-mails the API sent (a recording mailer unless one was given). */
  sentMail: MailMessage[];
  /** A user with a fresh session; `cookie` is a ready Cookie header value. */
  signIn(
    email: string,
    names?: { firstName?: string; lastName?: string },
  ): Promise<{ userId: string; token: string; cookie: string }>;
  close(): Promise<void>;
}

/**
 * The real API on a throwaway in-memory database, listening on a free port. The clock is
 * controllable: move `clock.now` to test expiry.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: { mailer?: Mailer | null } = {},
): Promise<TestApi> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost:3000', ...env });
  const db = await openEmbeddedDatabase('memory://');
  await migrate(db);
  const clock = { now: new Date('2026-01-05T10:00:00Z') };
  const sentMail: MailMessage[] = [];
  const recording: Mailer = {
    async send(message) {
      sentMail.push(message);
    },
  };
  const app = await buildApp({
    config,
    db,
    now: () => clock.now,
    mailer: options.mailer !== undefined ? options.mailer : recording,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    db,
    clock,
    sentMail,
    async signIn(email, names = {}) {
      const userId = await findOrCreateUserByEmail(db, {
        email,
        firstName: names.firstName ?? null,
        lastName: names.lastName ?? null,
      });
      await recordProvenEmail(db, userId, email);
      const token = await createSession(db, userId, clock.now);
      return { userId, token, cookie: `${sessionCookieName(config)}=${token}` };
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.js';
import { signInWithIdentity } from '../routes/oauth.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';
import { findOrCreateUserByEmail, isAdminEmail } from './users.js';

describe('first sign-ins at once', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  /**
   * Runs `fn` as the routes do, in a transaction, on a PostgreSQL server. The embedded database
   * runs one transaction at a time, so there the calls interleave only outside one.
   */
  const asRoute = <T>(fn: (db: Queryable) => Promise<T>): Promise<T> =>
    process.env.TEST_DATABASE_URL ? api.db.transaction(fn) : fn(api.db);

  it('two first sign-ins to one address at once find one account', async () => {
    const [first, second] = await Promise.all([
      asRoute((db) => findOrCreateUserByEmail(db, { email: 'twice@example.com' })),
      asRoute((db) => findOrCreateUserByEmail(db, { email: 'Twice@example.com' })),
    ]);
    expect(second).toBe(first);
    const { rows } = await api.db.query(
      "select 1 from users where lower(email) = 'twice@example.com'",
    );
    expect(rows).toHaveLength(1);
  });

  it('two first sign-ins of one provider account at once give one user', async () => {
    const identity = {
      subject: 'fb-twice',
      email: 'fb-twice@example.com',
      emailVerified: false,
      firstName: 'Tom',
      lastName: null,
    };
    const [first, second] = await Promise.all([
      asRoute((db) => signInWithIdentity(db, 'facebook', identity)),
      asRoute((db) => signInWithIdentity(db, 'facebook', identity)),
    ]);
    expect(first).toEqual({ kind: 'user', userId: expect.any(String) });
    expect(second).toEqual(first);
  });

  it('a first sign-in that finds its address taken by its own provider account meanwhile is that user', async () => {
    const identity = {
      subject: 'fb-between',
      email: 'fb-between@example.com',
      emailVerified: false,
      firstName: 'Eva',
      lastName: null,
    };
    // The other sign-in of the same provider account completes right after this one has looked
    // the account up, before it looks at the address: the order PostgreSQL allowed in CI.
    let other: Awaited<ReturnType<typeof signInWithIdentity>> | undefined;
    const racing: Queryable = {
      async query<T = Record<string, unknown>>(sql: string, params?: unknown[]) {
        const result = await api.db.query<T>(sql, params);
        if (!other && sql.includes('from auth_identities')) {
          other = await signInWithIdentity(api.db, 'facebook', identity);
        }
        return result;
      },
      exec: (sql) => api.db.exec(sql),
    };
    const outcome = await signInWithIdentity(racing, 'facebook', identity);
    expect(other).toEqual({ kind: 'user', userId: expect.any(String) });
    expect(outcome).toEqual(other);
  });
});

describe('an admin address', () => {
  it('matches the stored address however ADMIN_EMAILS spells it', () => {
    const config = { adminEmails: ['Rosa@Exämple.com', 'ops@example.com'] };
    expect(isAdminEmail(config, 'rosa@xn--exmple-cua.com')).toBe(true);
    expect(isAdminEmail(config, 'ops@example.com')).toBe(true);
    expect(isAdminEmail(config, 'ana@example.com')).toBe(false);
  });
});

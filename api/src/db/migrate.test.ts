import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { throwawayDatabase } from '../testing/test-api.js';
import { openEmbeddedDatabase } from './database.js';
import { migrate } from './migrate.js';

describe('migrate', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('applies every migration once, and a second start keeps the data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trek-api-migrate-'));
    dirs.push(dataDir);

    const first = await openEmbeddedDatabase(dataDir);
    const applied = await migrate(first);
    expect(applied).toContain('001_users_and_sessions.sql');
    await first.query("insert into users (email) values ('kept@example.com')");
    await first.close();

    const second = await openEmbeddedDatabase(dataDir);
    expect(await migrate(second)).toEqual([]);
    const { rows } = await second.query<{ email: string }>('select email from users');
    expect(rows.map((r) => r.email)).toEqual(['kept@example.com']);
    await second.close();
  });

  // Only a server has several connections: the embedded database is one process's alone.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'makes a process starting on a fresh server wait for one migrating it before touching anything',
    async () => {
      const { db, drop } = await throwawayDatabase();
      try {
        let second: Promise<string[]> | null = null;
        // One process migrates (holds the lock); another starts meanwhile. Creating the table of
        // applied migrations unlocked, both could pass `if not exists` and the second fail.
        const table = await db.transaction(async (tx) => {
          await tx.query('select pg_advisory_xact_lock(727274)');
          second = migrate(db);
          await sleep(500);
          const { rows } = await db.query<{ t: string | null }>(
            "select to_regclass('schema_migrations')::text as t",
          );
          return rows[0]?.t ?? null;
        });
        const applied = await second;
        expect(table).toBeNull();
        expect(applied).toContain('001_users_and_sessions.sql');
      } finally {
        await db.close();
        await drop();
      }
    },
  );

  it('rolls a failing transaction back', async () => {
    const db = await openEmbeddedDatabase('memory://');
    await migrate(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into users (email) values ('gone@example.com')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.query('select 1 from users')).rows).toHaveLength(0);
    await db.close();
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../config.js';
import type { Database } from './database.js';

export const MIGRATIONS_DIR = join(PACKAGE_ROOT, 'migrations');

/** The advisory lock that lets one process at a time migrate. */
const MIGRATION_LOCK = 727274;

/**
 * Applies the numbered .sql files of api/migrations that are not yet recorded, in order, each in
 * its own transaction. An advisory lock keeps two API processes starting together from racing.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Under the lock too: two processes creating the table at once on a fresh server both pass
  // `if not exists`, and the second fails on the catalogue's unique index.
  await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(
      `create table if not exists schema_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
  });
  const files = readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      const { rows } = await tx.query('select 1 from schema_migrations where name = $1', [file]);
      if (rows.length > 0) return false;
      await tx.exec(readFileSync(join(dir, file), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

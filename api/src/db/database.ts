import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Embedded PostgreSQL (PGlite) in `<dataDir>/pglite`, or in memory for tests (`dataDir`
 * 'memory://'). One process at a time may open a data folder: the second is refused with a
 * DataDirLockedError before it touches the database.
 */
/**
 * PGlite serialises a Date parameter several times slower than the same instant as ISO text,
 * which PostgreSQL reads as a timestamptz just as well: every query of a request pays for it.
 */
function embeddedParams(params: unknown[] | undefined): unknown[] | undefined {
  return params?.map((value) => (value instanceof Date ? value.toISOString() : value));
}

export async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  let location = dataDir;
  let unlock = () => {};
  if (dataDir !== 'memory://') {
    unlock = lockDataDir(dataDir);
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  let db: PGlite;
  try {
    db = await PGlite.create(location === 'memory://' ? undefined : location);
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await db.query<T>(sql, embeddedParams(params));
      return { rows: result.rows };
    },
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await tx.query<T>(sql, embeddedParams(params))).rows,
          }),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    close: async () => {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
}

/** A PostgreSQL server (DATABASE_URL): how the API scales past one process. */
export async function openServerDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as T[],
          }),
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }) {
  return options.databaseUrl
    ? openServerDatabase(options.databaseUrl)
    : openEmbeddedDatabase(options.dataDir);
}

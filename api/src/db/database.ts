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
  /**
   * A read the database may answer from this process's memory: on the embedded database, the
   * same statement with the same parameters within a second, unless anything was written since.
   * Only for reads whose answer may be up to a second old when nothing changed (the clock moves).
   */
  cachedRead<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded database itself (backups dump it); absent on a PostgreSQL server. */
  embedded?: PGlite;
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

const READ_CACHE_MS = 1000;
const READ_CACHE_ENTRIES = 1000;

/** A statement that surely changes nothing; anything else counts as a write. */
function isPlainRead(sql: string): boolean {
  return (
    /^\s*select\b/i.test(sql) &&
    !/\bfor\s+(update|share|no\s+key|key)\b|nextval|setval|pg_advisory/i.test(sql)
  );
}

/**
 * Answers of recent reads, forgotten whenever anything is written. Exact only because the
 * embedded database has one writer: this process (the data folder is locked to it).
 * `generation` moves on every write, before and after it, so a read that overlapped a write is
 * never kept.
 */
export function createReadCache(now: () => number = Date.now) {
  const answers = new Map<string, { rows: unknown[]; at: number }>();
  let generation = 0;
  return {
    wrote() {
      generation += 1;
      answers.clear();
    },
    async read<T>(sql: string, params: unknown[] | undefined, run: () => Promise<{ rows: T[] }>) {
      const key = `${sql}\u0000${JSON.stringify(params ?? [])}`;
      const known = answers.get(key);
      if (known && now() - known.at < READ_CACHE_MS) return { rows: known.rows as T[] };
      const startedAt = generation;
      const result = await run();
      if (generation === startedAt) {
        answers.delete(key);
        if (answers.size >= READ_CACHE_ENTRIES) {
          const oldest = answers.keys().next().value;
          if (oldest !== undefined) answers.delete(oldest);
        }
        answers.set(key, { rows: result.rows, at: now() });
      }
      return result;
    },
  };
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
  const reads = createReadCache();
  /** Runs a statement, counting it as a write around it unless it is a plain read. */
  const run = async <T>(sql: string, statement: () => Promise<T>): Promise<T> => {
    if (isPlainRead(sql)) return statement();
    reads.wrote();
    try {
      return await statement();
    } finally {
      reads.wrote();
    }
  };
  const query = async <T>(sql: string, params?: unknown[]) => {
    const result = await db.query<T>(sql, embeddedParams(params));
    return { rows: result.rows };
  };
  return {
    embedded: db,
    query: (sql, params) => run(sql, () => query(sql, params)),
    cachedRead: (sql, params) => reads.read(sql, params, () => query(sql, params)),
    exec: (sql) =>
      run(sql, async () => {
        await db.exec(sql);
      }),
    transaction: (fn) =>
      run('transaction', () =>
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
  // An idle connection the server ended (a restart, a failover, an administrator) leaves the pool
  // and the next query opens a new one; unhandled, its 'error' event would end the process.
  pool.on('error', () => {});
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  const query = async <T>(sql: string, params?: unknown[]) => {
    const result = await pool.query(sql, params);
    return { rows: result.rows as T[] };
  };
  return {
    query,
    // Other processes write to the same server: no answer can be reused safely.
    cachedRead: query,
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

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database.js';

export interface Hit {
  count: number;
  resetAt: Date;
}

/**
 * Counts hits of a key in a fixed window, in the database, so every API process shares the
 * counters (nothing stateful lives in process memory: the API scales to several processes).
 */
export async function countHit(
  db: Database,
  key: string,
  windowMs: number,
  now: Date,
): Promise<Hit> {
  const resetAt = new Date(now.getTime() + windowMs);
  const { rows } = await db.query<{ count: number; reset_at: Date | string }>(
    `insert into rate_limits (key, count, reset_at) values ($1, 1, $2)
     on conflict (key) do update set
       count = case when rate_limits.reset_at <= $3 then 1 else rate_limits.count + 1 end,
       reset_at = case when rate_limits.reset_at <= $3 then excluded.reset_at else rate_limits.reset_at end
     returning count, reset_at`,
    [key, resetAt, now],
  );
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.count, resetAt: new Date(row.reset_at) };
}

export async function deleteExpiredHits(db: Database, now: Date): Promise<void> {
  await db.query('delete from rate_limits where reset_at <= $1', [now]);
}

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { timeWindow?: unknown };

/** A store for @fastify/rate-limit backed by countHit. */
export function databaseRateLimitStore(db: Database, now: () => Date): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly windowMs: number;
    private readonly prefix: string;

    constructor(options: { timeWindow?: unknown }, prefix = 'global') {
      this.windowMs = typeof options.timeWindow === 'number' ? options.timeWindow : 60_000;
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback): void {
      const at = now();
      countHit(db, `${this.prefix}:${key}`, this.windowMs, at).then(
        (hit) =>
          callback(null, {
            current: hit.count,
            ttl: Math.max(0, hit.resetAt.getTime() - at.getTime()),
          }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(
        { timeWindow: routeOptions.timeWindow ?? this.windowMs },
        `${String(routeOptions.method)} ${routeOptions.url}`,
      );
    }
  };
}

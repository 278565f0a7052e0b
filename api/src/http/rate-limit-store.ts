import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database, Queryable } from '../db/database.js';

export interface Hit {
  count: number;
  resetAt: Date;
}

/**
 * Counts hits of a key in a fixed window, in the database, so every API process shares the
 * counters: the security limits (magic links, social sign-ins) hold whatever process answers.
 */
export async function countHit(
  db: Queryable,
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

/** Counters kept at most this long after their window ended, then forgotten. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The store of the general per-address flood limit: counters in this process's memory, one
 * fixed window per key (docs/decisions/0008-api-throughput.md). A database write on every
 * request made concurrent requests of one address wait on one row; the security limits that
 * must hold across processes (magic links, social sign-ins) keep using countHit. With N API
 * processes behind a balancer, an address gets up to N times the limit.
 */
export function memoryRateLimitStore(now: () => Date): FastifyRateLimitStoreCtor {
  const hits = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = 0;
  const sweep = (at: number) => {
    if (at - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = at;
    for (const [key, hit] of hits) if (hit.resetAt <= at) hits.delete(key);
  };

  return class MemoryRateLimitStore implements FastifyRateLimitStore {
    private readonly windowMs: number;
    private readonly prefix: string;

    constructor(options: { timeWindow?: unknown }, prefix = 'global') {
      this.windowMs = typeof options.timeWindow === 'number' ? options.timeWindow : 60_000;
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback): void {
      const at = now().getTime();
      sweep(at);
      const id = `${this.prefix}:${key}`;
      let hit = hits.get(id);
      if (!hit || hit.resetAt <= at) {
        hit = { count: 0, resetAt: at + this.windowMs };
        hits.set(id, hit);
      }
      hit.count += 1;
      callback(null, { current: hit.count, ttl: hit.resetAt - at });
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new MemoryRateLimitStore(
        { timeWindow: routeOptions.timeWindow ?? this.windowMs },
        `${String(routeOptions.method)} ${routeOptions.url}`,
      );
    }
  };
}

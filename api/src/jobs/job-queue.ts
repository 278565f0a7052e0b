import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database.js';

/** A job as a handler gets it. */
export interface Job {
  id: string;
  kind: string;
  userId: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

export type JobHandler = (job: Job) => Promise<void>;

/** A job taken by a process that then died is taken again after this long. */
export const JOB_LOCK_MS = 5 * 60 * 1000;
/** A failing job is tried this many times in all, waiting longer each time. */
export const JOB_MAX_ATTEMPTS = 5;
/** How often an idle API process looks for due jobs. */
export const JOB_POLL_INTERVAL_MS = 5000;

/** Adds a job, in the caller's transaction if it has one: it runs once that is committed. */
export async function enqueueJob(
  db: Queryable,
  input: { kind: string; userId?: string | null; payload?: Record<string, unknown> },
  now: Date,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into jobs (kind, user_id, payload, run_at, created_at) values ($1, $2, $3, $4, $4)
     returning id`,
    [input.kind, input.userId ?? null, JSON.stringify(input.payload ?? {}), now],
  );
  const row = rows[0];
  if (!row) throw new Error('job insert returned no row');
  return row.id;
}

interface JobRow {
  id: string;
  kind: string;
  user_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Takes the next due job: a pending one whose time has come, or a running one whose process let
 * its lock lapse. `for update skip locked` lets any number of API processes poll the same table
 * without two of them taking one job.
 */
async function claimNext(db: Database, now: Date): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `update jobs set status = 'running', attempts = attempts + 1, locked_until = $2
     where id = (
       select id from jobs
       where (status = 'pending' and run_at <= $1) or (status = 'running' and locked_until <= $1)
       order by run_at
       limit 1
       for update skip locked
     )
     returning id, kind, user_id, payload, attempts`,
    [now, new Date(now.getTime() + JOB_LOCK_MS)],
  );
  return rows[0] ?? null;
}

/** Runs jobs from the table: `runDue` until none is due, `start` to poll, `wake` to look now. */
export interface JobRunner {
  runDue(): Promise<number>;
  start(intervalMs?: number): void;
  wake(): void;
  stop(): Promise<void>;
}

export function createJobRunner(options: {
  db: Database;
  handlers: Record<string, JobHandler>;
  now: () => Date;
  log: FastifyBaseLogger;
}): JobRunner {
  const { db, handlers, now, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function runOne(row: JobRow): Promise<void> {
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind "${row.kind}"`);
      await handler({
        id: row.id,
        kind: row.kind,
        userId: row.user_id,
        payload: row.payload,
        attempts: row.attempts,
      });
      await db.query(
        `update jobs set status = 'done', finished_at = $2, locked_until = null, last_error = null
         where id = $1`,
        [row.id, now()],
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = row.attempts >= JOB_MAX_ATTEMPTS;
      log.error({ err: error, job: row.id, kind: row.kind, attempt: row.attempts }, 'job failed');
      // 1, 4, 9, 16 minutes between tries.
      const retryAt = new Date(now().getTime() + row.attempts ** 2 * 60_000);
      await db.query(
        `update jobs set status = $2, run_at = $3, locked_until = null, last_error = $4,
           finished_at = $5
         where id = $1`,
        [
          row.id,
          final ? 'failed' : 'pending',
          final ? now() : retryAt,
          message.slice(0, 500),
          final ? now() : null,
        ],
      );
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const row = await claimNext(db, now());
      if (!row) return count;
      await runOne(row);
      count += 1;
    }
  }

  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const poll = () => {
    runDue().catch((error: unknown) => log.error({ err: error }, 'polling the jobs table failed'));
  };

  return {
    runDue,
    start(intervalMs = JOB_POLL_INTERVAL_MS) {
      if (timer || stopped) return;
      timer = setInterval(poll, intervalMs);
      timer.unref();
      poll();
    },
    wake() {
      if (timer) poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}

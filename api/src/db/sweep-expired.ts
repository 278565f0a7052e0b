import { SESSION_IDLE_MS } from '../auth/sessions.js';
import { deleteExpiredHits } from '../http/rate-limit-store.js';
import type { Database } from './database.js';

/** How often a running API deletes what has expired. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes expired sessions, links, OAuth flows, linking tokens and rate-limit counters. They are
 * refused once expired anyway; this keeps the tables from growing without end (every new client
 * address or e-mail adds a counter).
 */
export async function sweepExpired(db: Database, now: Date): Promise<void> {
  await db.query('delete from sessions where expires_at <= $1 or last_seen_at <= $2', [
    now,
    new Date(now.getTime() - SESSION_IDLE_MS),
  ]);
  await db.query('delete from magic_links where expires_at <= $1', [now]);
  await db.query('delete from oauth_flows where expires_at <= $1', [now]);
  await db.query('delete from linking_tokens where expires_at <= $1', [now]);
  await deleteExpiredHits(db, now);
}

import type { Database } from '../db/database.js';
import type { ObjectStorage } from '../storage/object-storage.js';

/** Photos uploaded but never set as the profile photo are kept this long. */
export const UNAPPLIED_UPLOAD_TTL_MS = 60 * 60 * 1000;
/** Finished jobs are kept this long (to see what happened), then deleted. */
const FINISHED_JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes what the account remote leaves behind once it has expired: data exports (rows and
 * files), uploads never applied (rows and files), e-mail changes never confirmed, and old
 * finished jobs. Rows go first: a file whose row is gone can no longer be reached.
 */
export async function sweepAccountFiles(
  db: Database,
  storage: ObjectStorage,
  now: Date,
): Promise<void> {
  const exports = await db.query<{ storage_key: string }>(
    'delete from data_exports where expires_at <= $1 returning storage_key',
    [now],
  );
  const uploads = await db.query<{ storage_key: string | null }>(
    'delete from profile_image_uploads where created_at <= $1 returning storage_key',
    [new Date(now.getTime() - UNAPPLIED_UPLOAD_TTL_MS)],
  );
  await db.query('delete from email_changes where expires_at <= $1', [now]);
  await db.query(`delete from jobs where status in ('done', 'failed') and finished_at <= $1`, [
    new Date(now.getTime() - FINISHED_JOB_TTL_MS),
  ]);
  const keys = [...exports.rows, ...uploads.rows].flatMap((row) =>
    row.storage_key ? [row.storage_key] : [],
  );
  for (const key of keys) await storage.delete(key);
}

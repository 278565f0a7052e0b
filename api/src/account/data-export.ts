import { PATHS } from '@trek/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { Database, Queryable } from '../db/database.js';
import type { Job } from '../jobs/job-queue.js';
import { dataExportEmail } from '../mail/account-emails.js';
import type { Mailer } from '../mail/mailer.js';
import { settingsOf } from '../routes/user-settings.js';
import type { ObjectStorage } from '../storage/object-storage.js';

/** The job that builds a data export and e-mails its link. */
export const DATA_EXPORT_JOB = 'data-export';
/** An export can be downloaded this long (the spec's "within 24 hours" is the promise made). */
export const DATA_EXPORT_TTL_MS = 24 * 60 * 60 * 1000;

export function exportStorageKey(exportId: string): string {
  return `exports/${exportId}.json`;
}

export function exportDownloadPath(exportId: string): string {
  return `/api/user/export-data/${exportId}`;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The rate-limit key counting one account's data exports (deleted with the account). */
export function dataExportCounter(userId: string): string {
  return `data-export:user:${userId}`;
}

/**
 * Everything held about a user: the profile, the sign-in methods (never a session token, a link
 * token or an OAuth secret: those are stored hashed and are not the person's data), the
 * notification settings, the open sessions, a pending e-mail change, and every project with its
 * change history.
 */
export async function buildDataExport(db: Database, userId: string, now: Date) {
  // One snapshot, so the file is the account at one moment: read one by one, a change committed
  // in between (an e-mail change moving the magic link, a project deleted) would show half.
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    return readAccount(tx, userId, now);
  });
}

async function readAccount(db: Queryable, userId: string, now: Date) {
  const users = await db.query<{
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    display_name: string | null;
    profile_image_url: string | null;
    is_temporary_email: boolean;
    created_at: Date | string;
    updated_at: Date | string;
  }>('select * from users where id = $1', [userId]);
  const user = users.rows[0];
  if (!user) return null;
  const identities = await db.query<{
    provider: string;
    subject: string;
    email: string | null;
    email_verified: boolean;
    created_at: Date | string;
  }>(
    `select provider, subject, email, email_verified, created_at from auth_identities
     where user_id = $1 order by created_at`,
    [userId],
  );
  const sessions = await db.query<{
    created_at: Date | string;
    last_seen_at: Date | string;
    expires_at: Date | string;
  }>(
    `select created_at, last_seen_at, expires_at from sessions where user_id = $1
     order by created_at`,
    [userId],
  );
  const emailChanges = await db.query<{ new_email: string; expires_at: Date | string }>(
    'select new_email, expires_at from email_changes where user_id = $1',
    [userId],
  );
  // Every column, but the dates as the routes read them ('YYYY-MM-DD', project-rows.ts): parsed
  // by the driver, a date is a local midnight, the day before on a server east of UTC.
  const projects = await db.query<
    Record<string, unknown> & { id: string; start_day: string | null; end_day: string | null }
  >(
    `select *, start_date::text as start_day, end_date::text as end_day from projects
     where user_id = $1 order by created_at`,
    [userId],
  );
  const changes = await db.query<{
    project_id: string;
    change_set_id: string;
    field: string;
    label: string;
    before_value: string | null;
    after_value: string | null;
    changed_at: Date | string;
  }>(
    `select c.project_id, c.change_set_id, c.field, c.label, c.before_value, c.after_value,
            c.changed_at
     from project_changes c join projects p on p.id = c.project_id
     where p.user_id = $1 order by c.changed_at, c.id`,
    [userId],
  );
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailIsPlaceholder: user.is_temporary_email,
      firstName: user.first_name,
      lastName: user.last_name,
      displayName: user.display_name,
      profileImageUrl: user.profile_image_url,
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
    },
    signInMethods: identities.rows.map((row) => ({
      provider: row.provider,
      accountId: row.subject,
      email: row.email,
      emailVerified: row.email_verified,
      linkedAt: iso(row.created_at),
    })),
    settings: await settingsOf(db, userId),
    sessions: sessions.rows.map((row) => ({
      startedAt: iso(row.created_at),
      lastSeenAt: iso(row.last_seen_at),
      expiresAt: iso(row.expires_at),
    })),
    pendingEmailChange: emailChanges.rows[0]
      ? { email: emailChanges.rows[0].new_email, expiresAt: iso(emailChanges.rows[0].expires_at) }
      : null,
    projects: projects.rows.map(({ user_id: _owner, start_day, end_day, ...project }) => ({
      ...project,
      start_date: start_day,
      end_date: end_day,
      changes: changes.rows
        .filter((change) => change.project_id === project.id)
        .map(({ project_id: _project, ...change }) => ({
          ...change,
          changed_at: iso(change.changed_at),
        })),
    })),
  };
}

/**
 * The export job: builds the file, keeps it for 24 hours and e-mails its link. Run again after a
 * failure it reuses the file it already made (the export's id is the job's), so a retry sends
 * the link without building a second file.
 */
export function dataExportJob(
  ctx: AppContext,
  storage: ObjectStorage,
  mailer: Mailer | null,
  log: FastifyBaseLogger,
) {
  const { config, db } = ctx;
  return async (job: Job): Promise<void> => {
    if (!job.userId) return;
    const exportId = job.id;
    const existing = await db.query('select 1 from data_exports where id = $1', [exportId]);
    if (existing.rows.length === 0) {
      const now = ctx.now();
      const data = await buildDataExport(db, job.userId, now);
      // The account was deleted since: there is nobody to send anything to.
      if (!data) return;
      const key = exportStorageKey(exportId);
      await storage.put(key, Buffer.from(JSON.stringify(data, null, 2)), {
        contentType: 'application/json',
      });
      try {
        await db.query(
          `insert into data_exports (id, user_id, storage_key, created_at, expires_at)
           values ($1, $2, $3, $4, $5)`,
          [exportId, job.userId, key, now, new Date(now.getTime() + DATA_EXPORT_TTL_MS)],
        );
      } catch (error) {
        await storage.delete(key);
        const gone = await db.query('select 1 from users where id = $1', [job.userId]);
        if (gone.rows.length === 0) return;
        throw error;
      }
    }
    const owner = await db.query<{ email: string; is_temporary_email: boolean }>(
      'select email, is_temporary_email from users where id = $1',
      [job.userId],
    );
    const to = owner.rows[0];
    if (!to || to.is_temporary_email) return;
    const link = `${config.publicOrigin}${exportDownloadPath(exportId)}`;
    if (mailer) {
      await mailer.send(dataExportEmail(to.email, link, DATA_EXPORT_TTL_MS / (60 * 60 * 1000)));
    } else if (config.env === 'development') {
      log.info(`data export ready (no SMTP_URL set): ${link}`);
    }
  };
}

/** Where a visitor following an export link goes to sign in first. */
export function signInToDownload(exportId: string): string {
  return `${PATHS.signIn}?returnTo=${encodeURIComponent(exportDownloadPath(exportId))}`;
}

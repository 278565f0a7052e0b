import { randomBytes } from 'node:crypto';
import type { EmailChange } from '@trek/shared/schemas';
import { hashToken } from '../auth/sessions.js';
import type { Database, Queryable } from '../db/database.js';

/** An e-mail-change link is valid this long (docs/product/account.md). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Whether an address belongs to an account other than `userId` (its e-mail or magic link). */
export async function emailBelongsToAnother(
  db: Queryable,
  email: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from users where lower(email) = lower($1) and id <> $2
     union all
     select 1 from auth_identities
       where provider = 'magic_link' and subject = lower($1) and user_id <> $2`,
    [email, userId],
  );
  return rows.length > 0;
}

/** The change waiting for its link, if it has not expired. */
export async function pendingEmailChange(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<EmailChange | null> {
  const { rows } = await db.query<{ new_email: string; expires_at: Date | string }>(
    'select new_email, expires_at from email_changes where user_id = $1 and expires_at > $2',
    [userId, now],
  );
  const row = rows[0];
  return row ? { email: row.new_email, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

/** A new change's token (for the link) and what it will show, before anything is stored. */
export function newEmailChange(email: string, now: Date): { token: string; change: EmailChange } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
  return { token, change: { email, expiresAt: expiresAt.toISOString() } };
}

/**
 * Stores a change made by newEmailChange, replacing any earlier one. One statement: two changes
 * saved at once (two tabs) both succeed, the later replacing the earlier, where a delete then an
 * insert would break the one-change-per-user rule for the second (500).
 */
export async function saveEmailChange(
  db: Queryable,
  userId: string,
  started: { token: string; change: EmailChange },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into email_changes (token_hash, user_id, new_email, created_at, expires_at)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id) do update set
       token_hash = excluded.token_hash, new_email = excluded.new_email,
       created_at = excluded.created_at, expires_at = excluded.expires_at`,
    [hashToken(started.token), userId, started.change.email, now, started.change.expiresAt],
  );
}

export async function findEmailChange(db: Queryable, token: string, now: Date) {
  const { rows } = await db.query<{ user_id: string; new_email: string }>(
    'select user_id, new_email from email_changes where token_hash = $1 and expires_at > $2',
    [hashToken(token), now],
  );
  return rows[0] ?? null;
}

export type ConfirmOutcome =
  | { kind: 'changed'; oldEmail: string; oldWasPlaceholder: boolean; newEmail: string }
  | { kind: 'expired' }
  | { kind: 'not-signed-in' }
  | { kind: 'taken' };

/**
 * Follows an e-mail-change link for the signed-in user `sessionUserId`. The new address becomes
 * the account's e-mail, proven: a placeholder is replaced, and the magic-link sign-in method
 * moves to the new address. A link followed where its account is not signed in changes nothing
 * and stays usable (docs/product/account.md, "Changing the e-mail").
 */
export async function confirmEmailChange(
  db: Database,
  token: string,
  sessionUserId: string | null,
  now: Date,
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string; new_email: string }>(
      `select user_id, new_email from email_changes where token_hash = $1 and expires_at > $2
       for update`,
      [hashToken(token), now],
    );
    const change = rows[0];
    if (!change) return { kind: 'expired' };
    if (change.user_id !== sessionUserId) return { kind: 'not-signed-in' };
    await tx.query('delete from email_changes where token_hash = $1', [hashToken(token)]);
    if (await emailBelongsToAnother(tx, change.new_email, change.user_id)) return { kind: 'taken' };
    const before = await tx.query<{ email: string; is_temporary_email: boolean }>(
      'select email, is_temporary_email from users where id = $1 for update',
      [change.user_id],
    );
    const user = before.rows[0];
    if (!user) return { kind: 'expired' };
    await tx.query(
      `update users set email = $2, is_temporary_email = false, updated_at = $3 where id = $1`,
      [change.user_id, change.new_email, now],
    );
    // The magic link signs in by the account's address: it follows the address.
    await tx.query(`delete from auth_identities where user_id = $1 and provider = 'magic_link'`, [
      change.user_id,
    ]);
    await tx.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'magic_link', lower($2), $2, true)`,
      [change.user_id, change.new_email],
    );
    return {
      kind: 'changed',
      oldEmail: user.email,
      oldWasPlaceholder: user.is_temporary_email,
      newEmail: change.new_email,
    };
  });
}

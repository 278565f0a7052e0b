import { deleteUserSessions } from '../auth/sessions.js';
import type { Database } from '../db/database.js';

/**
 * Deletes a user and everything of theirs in one transaction: the row's `on delete cascade`
 * takes sessions, sign-in methods, settings, projects (with their changes and guide notices),
 * OAuth flows, e-mail changes, uploads, exports, jobs and the marks of the client addresses that
 * signed in by magic link; what is keyed by a proven e-mail or the id rather than tied to the row
 * (sign-in and linking links, the user's own rate-limit counters) is deleted here; the caps that
 * guard a mailbox rather than the account are kept.
 * Returns the storage keys of the user's files, to delete once the rows are gone.
 */
export async function deleteAccount(db: Database, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const users = await tx.query<{ email: string; profile_image_key: string | null }>(
      'select email, profile_image_key from users where id = $1 for update',
      [userId],
    );
    const user = users.rows[0];
    if (!user) return [];
    const files = await tx.query<{ key: string }>(
      `select storage_key as key from profile_image_uploads
         where user_id = $1 and storage_key is not null
       union select storage_key from data_exports where user_id = $1`,
      [userId],
    );
    // Only the addresses that are provably the user's: those a sign-in method vouches for (a
    // magic link followed, a provider that verified it). An address a provider merely reported
    // (Facebook never verifies), or an account's own unproven e-mail, may be someone else's, whose
    // pending sign-in and linking links must survive this deletion.
    const proven = await tx.query<{ email: string }>(
      `select distinct lower(email) as email from auth_identities
       where user_id = $1 and email_verified and email is not null`,
      [userId],
    );
    const emails = proven.rows.map((row) => row.email);
    await tx.query('delete from magic_links where lower(email) = any($1::text[])', [emails]);
    await tx.query('delete from linking_tokens where lower(email) = any($1::text[])', [emails]);
    // The counters that name the user are theirs and go. The caps that guard a mailbox (mails
    // to an address, links asked for it per client address, e-mail changes to it) are its
    // owner's, not this account's: someone who made an account under another person's address
    // could otherwise reset them by deleting it. They hold the address for at most an hour.
    // The marks of client addresses that signed in by magic link (the owner's own allowance)
    // carry the account's id, whichever address they name: the cascade below takes them.
    await tx.query(
      `delete from rate_limits
       where key = any(array['email-change:user:' || $1, 'profile-image:user:' || $1,
                             'data-export:user:' || $1])`,
      [userId],
    );
    // Through the sessions module, so this process forgets the sessions it remembers at once
    // (the cascade below would leave them usable here for up to a second).
    await deleteUserSessions(tx, userId);
    await tx.query('delete from users where id = $1', [userId]);
    return [
      ...(user.profile_image_key ? [user.profile_image_key] : []),
      ...files.rows.map((row) => row.key),
    ];
  });
}

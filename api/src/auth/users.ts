import { DEFAULT_USER_SETTINGS, emailSchema, type User } from '@trek/shared/schemas';
import type { Config } from '../config.js';
import type { Queryable } from '../db/database.js';
import { deleteUserSessions } from './sessions.js';

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  profile_image_url: string | null;
  is_temporary_email: boolean;
}

/**
 * Whether a stored (normalised) address is one of ADMIN_EMAILS, each read as a typed address is
 * (docs/product/sign-in.md, "E-mail addresses"): an admin listed with a Unicode domain is stored
 * with its ASCII form.
 */
export function isAdminEmail(config: Pick<Config, 'adminEmails'>, email: string): boolean {
  const stored = email.toLowerCase();
  return config.adminEmails.some(
    (admin) => (emailSchema.safeParse(admin).data ?? admin) === stored,
  );
}

/** The user object of GET /api/auth/user (docs/product/sign-in.md, "The user"). */
export async function findUser(
  db: Queryable,
  config: Config,
  userId: string,
): Promise<User | null> {
  const { rows } = await db.query<UserRow>(
    `select id, email, first_name, last_name, display_name, profile_image_url, is_temporary_email
     from users where id = $1`,
    [userId],
  );
  const user = rows[0];
  if (!user) return null;
  const identities = await db.query<{ provider: string; proves_email: boolean }>(
    `select provider, (email_verified and lower(email) = lower($2)) as proves_email
     from auth_identities where user_id = $1 order by created_at`,
    [userId, user.email],
  );
  // Admin rights go with an e-mail its owner has proven (magic link, a provider that vouches
  // for it), never with an address a provider merely reported.
  const emailProven = identities.rows.some((row) => row.proves_email);
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    displayName: user.display_name,
    profileImageUrl: user.profile_image_url,
    providers: identities.rows.map((row) => ({ provider: row.provider })),
    isAdmin: !user.is_temporary_email && emailProven && isAdminEmail(config, user.email),
    hasTemporaryEmail: user.is_temporary_email,
  };
}

/**
 * Finds a user by e-mail (any case) or creates one; returns the id. Insert first, then read: two
 * first sign-ins to one address at once find the one account, where a check then an insert would
 * break the unique address for the second (500).
 */
export async function findOrCreateUserByEmail(
  db: Queryable,
  input: { email: string; firstName?: string | null; lastName?: string | null },
): Promise<string> {
  const displayName = [input.firstName, input.lastName].filter(Boolean).join(' ') || null;
  const created = await db.query<{ id: string }>(
    `insert into users (email, first_name, last_name, display_name) values ($1, $2, $3, $4)
     on conflict (lower(email)) do nothing
     returning id`,
    [input.email, input.firstName ?? null, input.lastName ?? null, displayName],
  );
  if (created.rows[0]) return created.rows[0].id;
  const existing = await db.query<{ id: string }>(
    'select id from users where lower(email) = lower($1)',
    [input.email],
  );
  const row = existing.rows[0];
  if (!row) throw new Error('user neither inserted nor found');
  return row.id;
}

/**
 * Whether anyone has proven the account's e-mail: one of its sign-in methods vouches for that very
 * address (a magic link, a provider that verified it). A placeholder address counts as proven:
 * nobody can prove it, so nobody can claim it.
 */
export async function accountEmailProven(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from users u where u.id = $1 and (u.is_temporary_email or exists (
       select 1 from auth_identities i
       where i.user_id = u.id and i.email_verified and lower(i.email) = lower(u.email)))`,
    [userId],
  );
  return rows.length > 0;
}

/**
 * Called when someone proves they own the account's e-mail (a magic link). An account whose
 * e-mail nobody had proven (a provider reported it without vouching for it: Facebook never does)
 * was never this person's: whoever used it loses it. Every sign-in method that does not prove
 * this address is removed, a provider that verified another address included (it could be
 * anyone's, linked before the owner came), every session is ended, and what those sessions
 * started (an e-mail change, a link under way) is dropped; the owner can link methods again
 * from a session that proved the address. Marketing consents (newsletters, promotions) go back
 * to their defaults: consent must come from the owner, not from whoever held the account.
 */
export async function claimUnprovenAccount(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<void> {
  if (await accountEmailProven(db, userId)) return;
  await db.query(
    `delete from auth_identities i using users u
     where u.id = i.user_id and i.user_id = $1
       and not (i.email_verified and lower(i.email) = lower(u.email))`,
    [userId],
  );
  // What a session of theirs started and could still finish elsewhere goes too: an e-mail change
  // (its link would need a session, but the owner should not find it pending) and links of
  // sign-in methods under way.
  await db.query('delete from email_changes where user_id = $1', [userId]);
  await db.query('delete from oauth_flows where user_id = $1', [userId]);
  await db.query(
    'update user_settings set newsletters = $2, promotions = $3, updated_at = $4 where user_id = $1',
    [userId, DEFAULT_USER_SETTINGS.newsletters, DEFAULT_USER_SETTINGS.promotions, now],
  );
  await deleteUserSessions(db, userId);
}

/** The e-mail is proven (a magic link followed, or an operator's session): a sign-in method. */
export async function recordProvenEmail(db: Queryable, userId: string, email: string) {
  await db.query(
    `insert into auth_identities (user_id, provider, subject, email, email_verified)
     values ($1, 'magic_link', lower($2), $2, true)
     on conflict (provider, subject) do nothing`,
    [userId, email],
  );
}

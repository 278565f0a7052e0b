import { randomBytes } from 'node:crypto';
import { PATHS, sameOriginPath } from '@trek/shared/contract';
import type { Queryable } from '../db/database.js';
import { hashToken } from './sessions.js';

/** A magic link is valid this long (docs/product/sign-in.md, "Magic links"). */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

export interface MagicLinkRow {
  token_hash: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  redirect_to: string;
  purpose: string;
  linking_token_hash: string | null;
}

/** Stores a new link (hash only) and returns the token that goes into the e-mail. */
export async function createMagicLink(
  db: Queryable,
  input: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    redirectTo: string;
    purpose?: 'sign_in' | 'account_linking';
    /** For account linking: the provider account to link once the e-mail is proven. */
    linkingTokenHash?: string;
  },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into magic_links (token_hash, email, first_name, last_name, redirect_to, purpose, created_at, expires_at, linking_token_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashToken(token),
      input.email,
      input.firstName,
      input.lastName,
      input.redirectTo,
      input.purpose ?? 'sign_in',
      now,
      new Date(now.getTime() + MAGIC_LINK_TTL_MS),
      input.linkingTokenHash ?? null,
    ],
  );
  return token;
}

/** The link of a token if it is still valid; `lock` takes a row lock inside a transaction. */
export async function findValidMagicLink(
  db: Queryable,
  token: string,
  now: Date,
  { lock = false } = {},
): Promise<MagicLinkRow | null> {
  const { rows } = await db.query<MagicLinkRow>(
    `select token_hash, email, first_name, last_name, redirect_to, purpose, linking_token_hash from magic_links
     where token_hash = $1 and expires_at > $2${lock ? ' for update' : ''}`,
    [hashToken(token), now],
  );
  return rows[0] ?? null;
}

/** A stand-in origin to resolve paths against; only its path, query and fragment are kept. */
const SITE = 'http://site.invalid';

/** Only same-origin paths (see sameOriginPath), resolved; else `fallback`, the wizard by default. */
export function safeRedirectPath(
  value: string | null | undefined,
  fallback: string = PATHS.createProject,
): string {
  return sameOriginPath(value) ?? fallback;
}

/**
 * The Location of every redirect back to the site after signing in or linking (magic link,
 * OAuth sign-in, OAuth linking): `path` if it stays on the site, else `fallback`, with `params`
 * added, and checked again once they are.
 */
export function redirectLocation(
  path: string | null | undefined,
  params: Record<string, string>,
  fallback: string,
): string {
  const withParams = (base: string) => {
    const url = new URL(base, SITE);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return sameOriginPath(`${url.pathname}${url.search}${url.hash}`);
  };
  const location = withParams(safeRedirectPath(path, fallback)) ?? withParams(fallback);
  if (!location) throw new Error(`redirect fallback ${fallback} is not a same-origin path`);
  return location;
}

import { createHash, randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@trek/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Queryable } from '../db/database.js';

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** `__Host-` binds the cookie to this exact origin over HTTPS (production only). */
export function sessionCookieName(config: Pick<Config, 'env'>): string {
  return config.env === 'production' ? SESSION_COOKIE.production : SESSION_COOKIE.development;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionUser {
  sessionId: string;
  userId: string;
}

/** Creates a session and returns the token the cookie carries (only its hash is stored). */
export async function createSession(db: Queryable, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (id, user_id, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $3, $4)`,
    [hashToken(token), userId, now, new Date(now.getTime() + SESSION_ABSOLUTE_MS)],
  );
  return token;
}

/**
 * Sessions found in the database within the last second, by id: under load, the browser's next
 * requests need no query (docs/decisions/0008-api-throughput.md). Every deletion made here
 * forgets its sessions at once; one made by another API process is honoured here within
 * FOUND_TTL_MS at most.
 */
const recentlyFound = new Map<string, { userId: string; until: number }>();
const FOUND_TTL_MS = 1000;
const MAX_REMEMBERED = 10_000;

function remember(sessionId: string, userId: string, now: Date): void {
  if (recentlyFound.size >= MAX_REMEMBERED) {
    const oldest = recentlyFound.keys().next().value;
    if (oldest !== undefined) recentlyFound.delete(oldest);
  }
  recentlyFound.set(sessionId, { userId, until: now.getTime() + FOUND_TTL_MS });
}

/** Forgets the remembered sessions of a user (all, or all but one). */
function forgetUser(userId: string, except?: string): void {
  for (const [id, found] of recentlyFound) {
    if (found.userId === userId && id !== except) recentlyFound.delete(id);
  }
}

/** The session of a cookie token, if it exists and has not expired. */
export async function findSession(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  const id = hashToken(token);
  const found = recentlyFound.get(id);
  if (found && found.until > now.getTime()) return { sessionId: id, userId: found.userId };
  const { rows } = await db.query<{ user_id: string; last_seen_at: Date | string }>(
    `select user_id, last_seen_at from sessions
     where id = $1 and expires_at > $2 and last_seen_at > $3`,
    [id, now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db.query('update sessions set last_seen_at = $2 where id = $1', [id, now]);
  }
  remember(id, row.user_id, now);
  return { sessionId: id, userId: row.user_id };
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  recentlyFound.delete(sessionId);
  await db.query('delete from sessions where id = $1', [sessionId]);
}

/** Ends every session of a user, or every one but `except`; returns how many were ended. */
export async function deleteUserSessions(
  db: Queryable,
  userId: string,
  except?: string,
): Promise<number> {
  forgetUser(userId, except);
  const { rows } = await db.query<{ id: string }>(
    'delete from sessions where user_id = $1 and id is distinct from $2 returning id',
    [userId, except ?? null],
  );
  return rows.length;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
  });
}

export function sessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

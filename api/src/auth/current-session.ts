import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { findSession, type SessionUser, sessionToken } from './sessions.js';

/** The request's session, or null for a visitor. */
export async function currentSession(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const token = sessionToken(request, ctx.config);
  return token ? findSession(ctx.db, token, ctx.now()) : null;
}

/** The request's session; a visitor gets 401. */
export async function requireSession(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionUser> {
  const session = await currentSession(ctx, request);
  if (!session) throw new HttpError(401, 'Not signed in');
  return session;
}

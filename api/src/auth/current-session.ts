import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { findSession, type SessionUser, sessionToken } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of a route declared with `preParsing: signedIn`; null elsewhere. */
    session: SessionUser | null;
  }
}

/** The request's session, or null for a visitor. */
export async function currentSession(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const token = sessionToken(request, ctx.config);
  return token ? findSession(ctx.db, token, ctx.now()) : null;
}

export function decorateSessions(app: FastifyInstance): void {
  app.decorateRequest('session', null);
}

/**
 * The `preParsing` hook of routes for signed-in users: after the site-wide checks (origin, rate
 * limit), a visitor gets 401 before the body is read or validated; the session is kept on the
 * request for the handler.
 */
export function signedInHook(ctx: AppContext): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    request.session = await currentSession(ctx, request);
    if (!request.session) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
    return payload;
  };
}

/** The session `signedIn` found (a route without that hook is a programming error). */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new Error(`${request.routeOptions.url} has no signedIn hook`);
  return request.session;
}

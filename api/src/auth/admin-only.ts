import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { currentSession } from './current-session.js';
import { findUser } from './users.js';

/** Every admin call lives under this path, and every route under it is an admin call. */
export const ADMIN_API_PREFIX = '/api/admin/';

export const ADMIN_ACCESS_REQUIRED = 'Admin access required';

/**
 * The one admin check: the server decides, from the session's user (`isAdmin`: a proven e-mail
 * listed in ADMIN_EMAILS, docs/product/sign-in.md). A visitor gets 401 and a signed-in
 * non-admin 403, after the site-wide checks (origin, rate limit) and before the body is read.
 */
function adminOnlyHook(ctx: AppContext): preParsingAsyncHookHandler {
  return async (request, _reply, payload) => {
    request.session = await currentSession(ctx, request);
    if (!request.session) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
    const user = await findUser(ctx.db, ctx.config, request.session.userId);
    if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
    if (!user.isAdmin) throw new HttpError(403, 'FORBIDDEN', ADMIN_ACCESS_REQUIRED);
    return payload;
  };
}

/**
 * Registers admin routes in a scope of their own whose every route passes the admin check: a
 * route declared in `declare` cannot leave it out, and one outside ADMIN_API_PREFIX is refused
 * at start-up.
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  declare: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (!route.url.startsWith(ADMIN_API_PREFIX)) {
        throw new Error(`${route.url} is declared as an admin route outside ${ADMIN_API_PREFIX}`);
      }
    });
    scope.addHook('preParsing', adminOnlyHook(ctx));
    declare(scope);
  });
}

import { PATHS } from '@trek/shared/contract';
import { emptyRequestSchema, successResponseSchema, userSchema } from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { currentSession, sessionOf, signedInHook } from '../auth/current-session.js';
import { clearSessionCookie, deleteSession } from '../auth/sessions.js';
import { findUser } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';

/** Bodies of the sign-in calls are tiny; nothing bigger is read. */
export const AUTH_BODY_LIMIT_BYTES = 4 * 1024;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  routes.get(
    '/api/auth/user',
    { preParsing: signedIn, schema: { response: { 200: userSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const user = await findUser(ctx.db, ctx.config, session.userId);
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
      return user;
    },
  );

  // Always ends the session, whatever the (empty) body: a failed logout leaves a signed-in browser.
  routes.post(
    '/api/auth/logout',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: { body: emptyRequestSchema, response: { 200: successResponseSchema } },
    },
    async (request, reply) => {
      const session = await currentSession(ctx, request);
      if (session) await deleteSession(ctx.db, session.sessionId);
      clearSessionCookie(reply, ctx.config);
      reply.header('Clear-Site-Data', '"cookies"');
      return { success: true as const };
    },
  );

  // The landing page's sign-in link is a navigation to here (docs/product/sign-in.md).
  app.get('/api/login', async (_request, reply) => reply.redirect(PATHS.signIn, 302));
}

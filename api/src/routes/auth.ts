import type { FastifyInstance } from 'fastify';
import { currentSession, requireSession } from '../auth/current-session.js';
import { clearSessionCookie, deleteSession } from '../auth/sessions.js';
import { findUserView } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/auth/user', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const session = await requireSession(ctx, request);
    const user = await findUserView(ctx.db, ctx.config, session.userId);
    if (!user) throw new HttpError(401, 'Not signed in');
    return user;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const session = await currentSession(ctx, request);
    if (session) await deleteSession(ctx.db, session.sessionId);
    clearSessionCookie(reply, ctx.config);
    reply.header('Clear-Site-Data', '"cookies"');
    return { success: true };
  });

  // The landing page's sign-in link is a navigation to here (spec section 2).
  app.get('/api/login', async (_request, reply) => reply.redirect('/sign-in', 302));
}

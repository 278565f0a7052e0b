import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../auth/current-session.js';
import type { AppContext } from '../context.js';
import { HttpError, parseInput } from '../http/errors.js';

/** The client's names for sign-in methods, and how identities store them. */
const PROVIDERS = { google: 'google', facebook: 'facebook', magicLink: 'magic_link' } as const;
type MethodName = keyof typeof PROVIDERS;

const unlinkSchema = z.object({ provider: z.enum(['google', 'facebook', 'magicLink']) });

export function registerAuthMethodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  async function methodsOf(userId: string) {
    const { rows } = await db.query<{ provider: string; email_verified: boolean }>(
      'select provider, email_verified from auth_identities where user_id = $1',
      [userId],
    );
    const method = (name: MethodName) => {
      const identities = rows.filter((row) => row.provider === PROVIDERS[name]);
      return {
        connected: identities.length > 0,
        emailVerified: identities.some((row) => row.email_verified),
      };
    };
    const methods = {
      google: method('google'),
      facebook: method('facebook'),
      magicLink: method('magicLink'),
    };
    const connected = Object.values(methods).filter((m) => m.connected).length;
    return { ...methods, hasMultipleMethods: connected > 1 };
  }

  app.get('/api/auth/methods', async (request, reply) => {
    const session = await requireSession(ctx, request);
    reply.header('Cache-Control', 'no-store');
    return methodsOf(session.userId);
  });

  app.post('/api/auth/unlink', async (request) => {
    const session = await requireSession(ctx, request);
    const { provider } = parseInput(unlinkSchema, request.body);
    await db.transaction(async (tx) => {
      // Serialise unlinks of one user so two at once cannot remove the last two methods.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [session.userId]);
      const { rows } = await tx.query<{ provider: string }>(
        'select distinct provider from auth_identities where user_id = $1',
        [session.userId],
      );
      const providers = rows.map((row) => row.provider);
      if (!providers.includes(PROVIDERS[provider])) {
        throw new HttpError(404, `No ${provider} sign-in method is linked to this account.`);
      }
      if (providers.length < 2)
        throw new HttpError(409, 'You cannot remove your only sign-in method.');
      await tx.query('delete from auth_identities where user_id = $1 and provider = $2', [
        session.userId,
        PROVIDERS[provider],
      ]);
    });
    return { success: true };
  });

  app.post('/api/auth/logout-all-devices', async (request) => {
    const session = await requireSession(ctx, request);
    const { rows } = await db.query<{ id: string }>(
      'delete from sessions where user_id = $1 and id <> $2 returning id',
      [session.userId, session.sessionId],
    );
    return { success: true, endedSessions: rows.length };
  });
}

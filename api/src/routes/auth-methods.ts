import {
  type AuthMethods,
  authMethodsSchema,
  emptyRequestSchema,
  signOutOtherDevicesResponseSchema,
  successResponseSchema,
  unlinkRequestSchema,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { sessionOf, signedInHook } from '../auth/current-session.js';
import { deleteUserSessions } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import { AUTH_BODY_LIMIT_BYTES } from './auth.js';

/** The client's names for sign-in methods, and how identities store them. */
const PROVIDERS = { google: 'google', facebook: 'facebook', magicLink: 'magic_link' } as const;
type MethodName = keyof typeof PROVIDERS;

export function registerAuthMethodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  async function methodsOf(userId: string): Promise<AuthMethods> {
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

  routes.get(
    '/api/auth/methods',
    { preParsing: signedIn, schema: { response: { 200: authMethodsSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return methodsOf(session.userId);
    },
  );

  routes.post(
    '/api/auth/unlink',
    {
      preParsing: signedIn,
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: { body: unlinkRequestSchema, response: { 200: successResponseSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      const { provider } = request.body;
      await db.transaction(async (tx) => {
        // Serialise unlinks of one user so two at once cannot remove the last two methods.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [session.userId]);
        const { rows } = await tx.query<{ provider: string }>(
          'select distinct provider from auth_identities where user_id = $1',
          [session.userId],
        );
        const providers = rows.map((row) => row.provider);
        if (!providers.includes(PROVIDERS[provider])) {
          throw new HttpError(
            404,
            'NOT_FOUND',
            `No ${provider} sign-in method is linked to this account.`,
          );
        }
        if (providers.length < 2) {
          throw new HttpError(
            409,
            'LAST_SIGN_IN_METHOD',
            'You cannot remove your only sign-in method.',
          );
        }
        await tx.query('delete from auth_identities where user_id = $1 and provider = $2', [
          session.userId,
          PROVIDERS[provider],
        ]);
      });
      return { success: true as const };
    },
  );

  routes.post(
    '/api/auth/logout-all-devices',
    {
      preParsing: signedIn,
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: { body: emptyRequestSchema, response: { 200: signOutOtherDevicesResponseSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      const endedSessions = await deleteUserSessions(db, session.userId, session.sessionId);
      return { success: true as const, endedSessions };
    },
  );
}

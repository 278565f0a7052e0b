import {
  DEFAULT_USER_SETTINGS,
  type UserSettings,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { sessionOf, signedInHook } from '../auth/current-session.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';

interface SettingsRow {
  email_notifications: boolean;
  newsletters: boolean;
  promotions: boolean;
}

/** A user's switches: the saved row, or the defaults for an account that never saved one. */
export async function settingsOf(db: Queryable, userId: string): Promise<UserSettings> {
  const { rows } = await db.query<SettingsRow>(
    'select email_notifications, newsletters, promotions from user_settings where user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return DEFAULT_USER_SETTINGS;
  return {
    emailNotifications: row.email_notifications,
    newsletters: row.newsletters,
    promotions: row.promotions,
    projectUpdates: true,
  };
}

/** GET and PUT /api/user/settings (docs/product/account.md, "Notifications"). */
export function registerUserSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  routes.get(
    '/api/user/settings',
    { preParsing: signedIn, schema: { response: { 200: userSettingsSchema } } },
    async (request) => {
      return settingsOf(ctx.db, sessionOf(request).userId);
    },
  );

  routes.put(
    '/api/user/settings',
    {
      preParsing: signedIn,
      schema: { body: userSettingsUpdateSchema, response: { 200: userSettingsSchema } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const change = request.body;
      // Only the switches sent change; the others keep their saved (or default) value.
      const { rows } = await ctx.db.query<SettingsRow>(
        `insert into user_settings (user_id, email_notifications, newsletters, promotions, updated_at)
         values ($1, coalesce($2::boolean, $5::boolean), coalesce($3::boolean, $6::boolean),
                 coalesce($4::boolean, $7::boolean), $8)
         on conflict (user_id) do update set
           email_notifications = coalesce($2::boolean, user_settings.email_notifications),
           newsletters = coalesce($3::boolean, user_settings.newsletters),
           promotions = coalesce($4::boolean, user_settings.promotions),
           updated_at = $8
         returning email_notifications, newsletters, promotions`,
        [
          userId,
          change.emailNotifications ?? null,
          change.newsletters ?? null,
          change.promotions ?? null,
          DEFAULT_USER_SETTINGS.emailNotifications,
          DEFAULT_USER_SETTINGS.newsletters,
          DEFAULT_USER_SETTINGS.promotions,
          ctx.now(),
        ],
      );
      const row = rows[0];
      if (!row) throw new Error('settings upsert returned no row');
      return {
        emailNotifications: row.email_notifications,
        newsletters: row.newsletters,
        promotions: row.promotions,
        projectUpdates: true as const,
      };
    },
  );
}

import {
  createGuideBodySchema,
  guideListSchema,
  guideParamsSchema,
  guideSchema,
  guideStatsOf,
  isWhatsappNumber,
  updateGuideBodySchema,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoutes } from '../auth/admin-only.js';
import type { AppContext } from '../context.js';
import { createGuide, listGuides, updateGuide } from '../guides/guides.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';

/** The largest body a guide can need (100-character name, 20 zones of 60) fits well inside. */
export const GUIDE_BODY_LIMIT_BYTES = 16 * 1024;

/** Guide management (docs/product/admin.md): admins only, checked in one place. */
export function registerAdminGuideRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const { number } = ctx.config.whatsapp;
  if (!isWhatsappNumber(number)) {
    app.log.warn(
      `WHATSAPP_NUMBER ${number === null ? 'is not set' : `"${number}" is not 8 to 15 digits`}: the admin page cannot make activation links and says 'Configuration Error'`,
    );
  }
  return registerAdminRoutes(app, ctx, (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/admin/guides',
      { schema: { response: { 200: guideListSchema } } },
      async () => {
        const guides = await listGuides(db);
        return { guides, stats: guideStatsOf(guides), whatsappNumber: ctx.config.whatsapp.number };
      },
    );

    routes.post(
      '/api/admin/guides',
      {
        bodyLimit: GUIDE_BODY_LIMIT_BYTES,
        schema: { body: createGuideBodySchema, response: { 201: guideSchema } },
      },
      async (request, reply) => {
        const guide = await createGuide(db, request.body, ctx.now());
        return reply.status(201).send(guide);
      },
    );

    routes.patch(
      '/api/admin/guides/:id',
      {
        bodyLimit: GUIDE_BODY_LIMIT_BYTES,
        schema: {
          params: guideParamsSchema,
          body: updateGuideBodySchema,
          response: { 200: guideSchema },
        },
        attachValidation: true,
      },
      async (request) => {
        if (request.validationError) {
          // A malformed id is a guide that does not exist; a bad body says what is wrong.
          if (request.validationError.validationContext === 'params') {
            throw new HttpError(404, 'NOT_FOUND', 'Guide not found');
          }
          throw request.validationError;
        }
        const guide = await updateGuide(db, request.params.id, request.body, ctx.now());
        if (!guide) throw new HttpError(404, 'NOT_FOUND', 'Guide not found');
        return guide;
      },
    );
  });
}

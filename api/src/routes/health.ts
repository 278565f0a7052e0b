import { healthSchema } from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';

/** `{ status: "ok" }` only when the database answers. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      try {
        await ctx.db.query('select 1');
        return { status: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ status: 'error' });
      }
    },
  );
}

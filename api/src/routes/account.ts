import {
  dataExportResponseSchema,
  emptyRequestSchema,
  successResponseSchema,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { exportNotFoundPage, sendHtml } from '../account/account-pages.js';
import { DATA_EXPORT_JOB, dataExportCounter, signInToDownload } from '../account/data-export.js';
import { deleteAccount } from '../account/delete-account.js';
import { currentSession, sessionOf, signedInHook } from '../auth/current-session.js';
import { clearSessionCookie } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { countHit } from '../http/rate-limit-store.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import { enqueueJob, type JobRunner } from '../jobs/job-queue.js';
import type { ObjectStorage } from '../storage/object-storage.js';

const exportParamsSchema = z.object({ id: z.uuid() });

/** Data exports one account may have made in a day (docs/product/account.md). */
export const DATA_EXPORTS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Data export and account deletion (docs/product/account.md, "Security & privacy").
 */
export function registerAccountRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  storage: ObjectStorage,
  jobs: JobRunner,
): void {
  const { config, db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  routes.post(
    '/api/user/export-data',
    {
      preParsing: signedIn,
      schema: { body: emptyRequestSchema, response: { 202: dataExportResponseSchema } },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      const user = await db.query<{ is_temporary_email: boolean }>(
        'select is_temporary_email from users where id = $1',
        [userId],
      );
      if (user.rows[0]?.is_temporary_email) {
        throw new HttpError(
          400,
          'TEMPORARY_EMAIL',
          'Add your email address first: the download link is sent by email.',
        );
      }
      // One export at a time: asking again while one is being made adds nothing. Each export
      // made counts towards a few a day (it reads everything held, writes a file, sends a mail).
      const now = ctx.now();
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`export:${userId}`]);
        const queued = await tx.query(
          `select 1 from jobs where user_id = $1 and kind = $2 and status in ('pending', 'running')`,
          [userId, DATA_EXPORT_JOB],
        );
        if (queued.rows.length > 0) return;
        const made = await countHit(tx, dataExportCounter(userId), DAY_MS, now);
        if (made.count > DATA_EXPORTS_PER_DAY) {
          const seconds = Math.max(1, Math.ceil((made.resetAt.getTime() - now.getTime()) / 1000));
          const hours = Math.ceil(seconds / 3600);
          throw new HttpError(
            429,
            'RATE_LIMITED',
            `You can ask for ${DATA_EXPORTS_PER_DAY} data exports a day. Please try again in ${hours <= 1 ? 'an hour' : `${hours} hours`}.`,
            { retryAfterSeconds: seconds },
          );
        }
        await enqueueJob(tx, { kind: DATA_EXPORT_JOB, userId }, now);
      });
      jobs.wake();
      return reply.status(202).send({
        success: true as const,
        message: "We'll email you a download link within 24 hours",
      });
    },
  );

  // A navigation from the e-mail: the owner, signed in, gets the file; anyone else a page.
  routes.get(
    '/api/user/export-data/:id',
    { schema: { params: exportParamsSchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) return sendHtml(reply, 404, exportNotFoundPage());
      const session = await currentSession(ctx, request);
      if (!session) return reply.redirect(signInToDownload(request.params.id), 302);
      const { rows } = await db.query<{ storage_key: string; created_at: Date | string }>(
        `select storage_key, created_at from data_exports
         where id = $1 and user_id = $2 and expires_at > $3`,
        [request.params.id, session.userId, ctx.now()],
      );
      const found = rows[0];
      const file = found ? await storage.get(found.storage_key) : null;
      if (!found || !file) return sendHtml(reply, 404, exportNotFoundPage());
      const day = new Date(found.created_at).toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="trekperu-data-${day}.json"`)
        .send(file.body);
    },
  );

  routes.delete(
    '/api/user/delete',
    {
      preParsing: signedIn,
      schema: { body: emptyRequestSchema, response: { 200: successResponseSchema } },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      const files = await deleteAccount(db, userId);
      await Promise.all(
        files.map((key) =>
          storage
            .delete(key)
            .catch((error: unknown) =>
              request.log.error({ err: error, key }, 'a deleted account left a file behind'),
            ),
        ),
      );
      clearSessionCookie(reply, config);
      reply.header('Clear-Site-Data', '"cookies"');
      return { success: true as const };
    },
  );
}

import {
  createProjectBodySchema,
  languagesToText,
  OPEN_PROJECTS_LIMIT,
  projectDeletedSchema,
  projectListQuerySchema,
  projectListSchema,
  projectParamsSchema,
  projectSchema,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { sessionOf, signedInHook } from '../auth/current-session.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import { checkNewProject } from '../projects/creation-rules.js';
import {
  PROJECT_COLUMNS,
  type ProjectRow,
  pastDateError,
  projectNotFound,
  refuseInvalidRequest,
  toProject,
  tripDateLimits,
} from '../projects/project-rows.js';

/** The same request again within this window is a blocked duplicate (docs/product/projects.md). */
export const DUPLICATE_WINDOW_MS = 10_000;

async function isTemporaryEmail(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ is_temporary_email: boolean }>(
    'select is_temporary_email from users where id = $1',
    [userId],
  );
  return rows[0]?.is_temporary_email === true;
}

export function registerProjectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  routes.post(
    '/api/projects',
    {
      preParsing: signedIn,
      schema: { body: createProjectBodySchema, response: { 201: projectSchema } },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { body } = request;
      const now = ctx.now();
      const { earliest, today } = tripDateLimits(now);
      for (const [field, date] of [
        ['startDate', body.startDate],
        ['endDate', body.endDate],
        ['formData.dates.start', body.formData.dates.start],
        ['formData.dates.end', body.formData.dates.end],
      ] as const) {
        if (date && date < earliest) throw pastDateError(field, today);
      }
      const { destination, title } = checkNewProject(body);
      if (await isTemporaryEmail(db, session.userId)) {
        throw new HttpError(
          400,
          'TEMPORARY_EMAIL',
          'Please update your email address to continue.',
        );
      }
      const { formData } = body;
      const language = languagesToText(formData.languages);

      const created = await db.transaction(async (tx) => {
        // One submission at a time per traveler: a double click, a second tab or a reload that
        // sends the same request again waits here and then sees the first one.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [session.userId]);
        const duplicate = await tx.query(
          `select 1 from projects where user_id = $1 and destination = $2 and duration = $3
             and start_date is not distinct from $4::date and created_at > $5`,
          [
            session.userId,
            destination,
            formData.duration,
            body.startDate,
            new Date(now.getTime() - DUPLICATE_WINDOW_MS),
          ],
        );
        if (duplicate.rows.length > 0) return null;
        const open = await tx.query<{ n: number }>(
          `select count(*)::int as n from projects
           where user_id = $1 and status in ('pending', 'active')`,
          [session.userId],
        );
        if ((open.rows[0]?.n ?? 0) >= OPEN_PROJECTS_LIMIT) {
          throw new HttpError(
            409,
            'PROJECT_LIMIT',
            `You already have ${OPEN_PROJECTS_LIMIT} open trek requests, the most we keep at once. Cancel one to send another.`,
          );
        }
        const { rows } = await tx.query<ProjectRow>(
          `insert into projects (user_id, title, description, destination, start_date, end_date, duration,
             group_size, language, flexible, flexibility_window_days, max_budget, difficulty, form_data, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           returning ${PROJECT_COLUMNS}`,
          [
            session.userId,
            title,
            body.description,
            destination,
            body.startDate,
            body.endDate,
            formData.duration,
            body.groupSize,
            language,
            formData.dates.flexible,
            formData.dates.flexible ? formData.dates.flexibilityWindowDays : null,
            body.maxBudget,
            body.difficulty,
            JSON.stringify(formData),
            now,
          ],
        );
        return rows[0] ?? null;
      });
      if (!created) {
        throw new HttpError(
          429,
          'DUPLICATE_REQUEST',
          'Too many requests: this trek request was just created.',
        );
      }
      return reply.status(201).send(toProject(created));
    },
  );

  // Newest first, a page at a time; the `Link` header names the next page while there is one.
  routes.get(
    '/api/projects',
    {
      preParsing: signedIn,
      schema: { querystring: projectListQuerySchema, response: { 200: projectListSchema } },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { limit, after } = request.query;
      let cursor: { created_at: Date | string; id: string } | undefined;
      if (after) {
        const found = await db.query<{ created_at: Date | string; id: string }>(
          'select created_at, id from projects where id = $1 and user_id = $2',
          [after, session.userId],
        );
        cursor = found.rows[0];
        if (!cursor) throw new HttpError(404, 'NOT_FOUND', 'after: Project not found');
      }
      // The list is the most frequent read: on the embedded database a repeat within a
      // second with nothing written since is answered from memory (decision 8).
      const { rows } = await db.cachedRead<ProjectRow>(
        `select ${PROJECT_COLUMNS} from projects
         where user_id = $1 and ($2::timestamptz is null or (created_at, id) < ($2, $3::uuid))
         order by created_at desc, id desc limit $4`,
        [session.userId, cursor?.created_at ?? null, cursor?.id ?? null, limit + 1],
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        const next = new URLSearchParams({ limit: String(limit), after: last.id });
        reply.header('Link', `</api/projects?${next.toString()}>; rel="next"`);
      }
      return page.map(toProject);
    },
  );

  routes.get(
    '/api/projects/:id',
    {
      preParsing: signedIn,
      schema: { params: projectParamsSchema, response: { 200: projectSchema } },
      attachValidation: true,
    },
    async (request) => {
      const session = sessionOf(request);
      refuseInvalidRequest(request);
      const { rows } = await db.query<ProjectRow>(
        `select ${PROJECT_COLUMNS} from projects where id = $1 and user_id = $2`,
        [request.params.id, session.userId],
      );
      const row = rows[0];
      if (!row) throw projectNotFound();
      return toProject(row);
    },
  );

  // Cancelling a request deletes it. Its edit history and guide notices go with it: the one
  // statement's cascades (on delete cascade) run in its transaction, all or nothing.
  routes.delete(
    '/api/projects/:id',
    {
      preParsing: signedIn,
      schema: { params: projectParamsSchema, response: { 200: projectDeletedSchema } },
      attachValidation: true,
    },
    async (request) => {
      const session = sessionOf(request);
      refuseInvalidRequest(request);
      const { rows } = await db.query<{ id: string }>(
        'delete from projects where id = $1 and user_id = $2 returning id',
        [request.params.id, session.userId],
      );
      const deleted = rows[0];
      if (!deleted) throw projectNotFound();
      return { id: deleted.id, deleted: true as const };
    },
  );
}

import { createProjectBodySchema, type Project, projectSchema } from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../auth/current-session.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { HttpError, parseInput } from '../http/errors.js';

/** The same request again within this window is a blocked duplicate (ARCHITECTURE section 4). */
export const DUPLICATE_WINDOW_MS = 10_000;

const LANGUAGE_NAMES: Record<string, string> = {
  english: 'English',
  french: 'French',
  spanish: 'Spanish',
};

interface ProjectRow {
  id: string;
  title: string;
  description: string | null;
  destination: string | null;
  status: string;
  created_at: Date | string;
  start_date: Date | string | null;
  end_date: Date | string | null;
  duration: string | null;
  group_size: number | null;
  language: string | null;
  flexible: boolean;
  flexibility_window_days: number | null;
}

const COLUMNS = `id, title, description, destination, status, created_at, start_date::text as start_date,
  end_date::text as end_date, duration, group_size, language, flexible, flexibility_window_days`;

/** 'Project as read' (spec section 3), checked against the schema the client parses with. */
function toProject(row: ProjectRow): Project {
  return projectSchema.parse({
    id: row.id,
    title: row.title,
    description: row.description,
    destination: row.destination,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    startDate: row.start_date ? String(row.start_date).slice(0, 10) : null,
    endDate: row.end_date ? String(row.end_date).slice(0, 10) : null,
    duration: row.duration,
    groupSize: row.group_size,
    language: row.language,
    flexible: row.flexible,
    flexibilityWindowDays: row.flexibility_window_days,
  });
}

const idSchema = z.object({ id: z.uuid() });

const serverRulesSchema = createProjectBodySchema.superRefine((body, issue) => {
  if (body.startDate && body.endDate && body.endDate < body.startDate) {
    issue.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
  }
});

async function isTemporaryEmail(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ is_temporary_email: boolean }>(
    'select is_temporary_email from users where id = $1',
    [userId],
  );
  return rows[0]?.is_temporary_email === true;
}

export function registerProjectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/projects', async (request, reply) => {
    const session = await requireSession(ctx, request);
    const body = parseInput(serverRulesSchema, request.body);
    const now = ctx.now();
    const today = now.toISOString().slice(0, 10);
    // A day of slack: the traveller's "today" may still be yesterday in UTC terms.
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    if (body.startDate && body.startDate < yesterday) {
      throw new HttpError(
        400,
        `startDate: must not be in the past (today is ${today})`,
        'INVALID_INPUT',
      );
    }
    if (await isTemporaryEmail(db, session.userId)) {
      throw new HttpError(400, 'Please update your email address to continue.', 'TEMPORARY_EMAIL');
    }
    const { formData } = body;
    const language = formData.languages.map((key) => LANGUAGE_NAMES[key] ?? key).join(', ');

    const created = await db.transaction(async (tx) => {
      // One submission at a time per traveller: a double click, a second tab or a reload that
      // sends the same request again waits here and then sees the first one.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [session.userId]);
      const duplicate = await tx.query(
        `select 1 from projects where user_id = $1 and destination = $2 and duration = $3
           and start_date is not distinct from $4::date and created_at > $5`,
        [
          session.userId,
          body.destination,
          formData.duration,
          body.startDate,
          new Date(now.getTime() - DUPLICATE_WINDOW_MS),
        ],
      );
      if (duplicate.rows.length > 0) return null;
      const { rows } = await tx.query<ProjectRow>(
        `insert into projects (user_id, title, description, destination, start_date, end_date, duration,
           group_size, language, flexible, flexibility_window_days, max_budget, difficulty, form_data, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         returning ${COLUMNS}`,
        [
          session.userId,
          body.title,
          body.description,
          body.destination,
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
    if (!created)
      throw new HttpError(429, 'Too many requests: this trek request was just created.');
    return reply.status(201).send(toProject(created));
  });

  app.get('/api/projects', async (request) => {
    const session = await requireSession(ctx, request);
    const { rows } = await db.query<ProjectRow>(
      `select ${COLUMNS} from projects where user_id = $1 order by created_at desc, id`,
      [session.userId],
    );
    return rows.map(toProject);
  });

  app.get('/api/projects/:id', async (request) => {
    const session = await requireSession(ctx, request);
    const params = idSchema.safeParse(request.params);
    // Someone else's project and a malformed id look the same: missing.
    if (!params.success) throw new HttpError(404, 'Project not found');
    const { rows } = await db.query<ProjectRow>(
      `select ${COLUMNS} from projects where id = $1 and user_id = $2`,
      [params.data.id, session.userId],
    );
    const row = rows[0];
    if (!row) throw new HttpError(404, 'Project not found');
    return toProject(row);
  });
}

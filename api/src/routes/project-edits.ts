import { randomUUID } from 'node:crypto';
import {
  editableProjectOf,
  languagesToText,
  mergeProjectUpdate,
  notifyGuidesBodySchema,
  notifyGuidesResultSchema,
  type Project,
  type ProjectUpdate,
  projectParamsSchema,
  projectUpdateBodySchema,
  projectUpdateResultSchema,
  trekRequestDescription,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { sessionOf, signedInHook } from '../auth/current-session.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import { recordedChanges } from '../projects/guide-notice.js';
import {
  PROJECT_COLUMNS,
  type ProjectRow,
  pastDateError,
  projectNotFound,
  refuseInvalidRequest,
  toProject,
  tripDateLimits,
} from '../projects/project-rows.js';

type EditableField = Exclude<keyof Project, 'id' | 'status' | 'createdAt'>;

/**
 * The columns an edit may change, with the label its history row carries. One history row per
 * column that really changed (the account's data export reads them).
 */
const EDITABLE_COLUMNS: ReadonlyArray<{ field: EditableField; column: string; label: string }> = [
  { field: 'title', column: 'title', label: 'Title' },
  { field: 'description', column: 'description', label: 'Description' },
  { field: 'destination', column: 'destination', label: 'Trek' },
  { field: 'duration', column: 'duration', label: 'Duration' },
  { field: 'startDate', column: 'start_date', label: 'Start date' },
  { field: 'endDate', column: 'end_date', label: 'End date' },
  { field: 'flexible', column: 'flexible', label: 'Flexible dates' },
  {
    field: 'flexibilityWindowDays',
    column: 'flexibility_window_days',
    label: 'Flexibility (days)',
  },
  { field: 'groupSize', column: 'group_size', label: 'Travelers' },
  { field: 'language', column: 'language', label: 'Languages' },
];

/** A request's title is its trek's name ('Trek Request' without one): it follows a new trek. */
function titleAfter(before: Project, destination: string | null): string {
  const derived = [before.destination ?? '', 'Trek Request'].map((t) => t.toLowerCase());
  return destination && derived.includes(before.title.toLowerCase()) ? destination : before.title;
}

/** The description follows the duration and the group, unless it was not the derived one. */
function descriptionAfter(before: Project, duration: string | null, groupSize: number | null) {
  const derived = trekRequestDescription(before.duration, before.groupSize);
  return before.description === derived
    ? trekRequestDescription(duration, groupSize)
    : before.description;
}

/** The project once `update` is applied; a 400 when it breaks a rule. */
function applyUpdate(before: Project, update: ProjectUpdate): Project {
  const { next, endDate, problem } = mergeProjectUpdate(editableProjectOf(before), update);
  if (problem) throw new HttpError(400, 'VALIDATION', problem);
  const flexibilityTouched =
    update.flexible !== undefined || update.flexibilityWindowDays !== undefined;
  return {
    ...before,
    title: titleAfter(before, next.destination),
    description: descriptionAfter(before, next.duration, next.groupSize),
    destination: next.destination,
    duration: next.duration,
    startDate: next.startDate,
    // Computed from start and duration, whatever endDate the body carried.
    endDate: endDate === undefined ? before.endDate : endDate,
    flexible: next.flexible,
    flexibilityWindowDays: flexibilityTouched
      ? next.flexibilityWindowDays
      : before.flexibilityWindowDays,
    groupSize: next.groupSize,
    language: update.language ? languagesToText(update.language) : before.language,
  };
}

const asText = (value: string | number | boolean | null) => (value === null ? null : String(value));

export function registerProjectEditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  // Only the fields that changed; the update and its history rows are one transaction.
  routes.patch(
    '/api/projects/:id',
    {
      preParsing: signedIn,
      schema: {
        params: projectParamsSchema,
        body: projectUpdateBodySchema,
        response: { 200: projectUpdateResultSchema },
      },
      attachValidation: true,
    },
    async (request) => {
      const session = sessionOf(request);
      refuseInvalidRequest(request);
      const update = request.body;
      const now = ctx.now();
      const { earliest, today } = tripDateLimits(now);
      if (update.startDate !== undefined && update.startDate < earliest) {
        throw pastDateError('startDate', today);
      }
      return db.transaction(async (tx) => {
        const found = await tx.query<ProjectRow>(
          `select ${PROJECT_COLUMNS} from projects where id = $1 and user_id = $2 for update`,
          [request.params.id, session.userId],
        );
        const row = found.rows[0];
        if (!row) throw projectNotFound();
        const before = toProject(row);
        const after = applyUpdate(before, update);
        const changed = EDITABLE_COLUMNS.filter(({ field }) => before[field] !== after[field]);
        // The same values again (a second click, another tab): nothing to record or notify.
        if (changed.length === 0) return { project: before, changeSetId: null };

        const assignments = changed.map(({ column }, i) => `${column} = $${i + 3}`).join(', ');
        const updated = await tx.query<ProjectRow>(
          `update projects set ${assignments} where id = $1 and user_id = $2
           returning ${PROJECT_COLUMNS}`,
          [row.id, session.userId, ...changed.map(({ field }) => after[field])],
        );
        const changeSetId = randomUUID();
        for (const { field, label } of changed) {
          await tx.query(
            `insert into project_changes
               (project_id, user_id, change_set_id, field, label, before_value, after_value, changed_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              row.id,
              session.userId,
              changeSetId,
              field,
              label,
              asText(before[field]),
              asText(after[field]),
              now,
            ],
          );
        }
        const saved = updated.rows[0];
        if (!saved) throw projectNotFound();
        return { project: toProject(saved), changeSetId };
      });
    },
  );

  // Queues one notice to the guides per change set, in the outbox a guide-messaging worker
  // delivers from, built from the change set as recorded. Asking again for the same set answers
  // the same, and queues nothing more.
  routes.post(
    '/api/projects/:id/notify-guides',
    {
      preParsing: signedIn,
      schema: {
        params: projectParamsSchema,
        body: notifyGuidesBodySchema,
        response: { 202: notifyGuidesResultSchema },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      refuseInvalidRequest(request);
      const projectId = request.params.id;
      // The client's list of changes passes the schema but is not what is stored: the notice
      // says what the server recorded for this change set (decision 30).
      const { changeSetId } = request.body;
      const queued = await db.transaction(async (tx) => {
        // Locks the project against a cancel in between: the notice never outlives it.
        const owned = await tx.query(
          'select 1 from projects where id = $1 and user_id = $2 for share',
          [projectId, session.userId],
        );
        if (owned.rows.length === 0) throw projectNotFound();
        const changes = await recordedChanges(tx, projectId, changeSetId);
        if (changes.length === 0) {
          throw new HttpError(404, 'NOT_FOUND', 'changeSetId: no such change of this project');
        }
        await tx.query(
          `insert into guide_notifications (project_id, change_set_id, changes, created_at)
           values ($1, $2, $3, $4) on conflict (change_set_id) do nothing`,
          [projectId, changeSetId, JSON.stringify(changes), ctx.now()],
        );
        const { rows } = await tx.query<{ created_at: Date | string }>(
          'select created_at from guide_notifications where change_set_id = $1',
          [changeSetId],
        );
        return rows[0]?.created_at ?? ctx.now();
      });
      const queuedAt = new Date(queued).toISOString();
      return reply.status(202).send({ changeSetId, queuedAt });
    },
  );
}

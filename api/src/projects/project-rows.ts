import type { Project } from '@trek/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

/** A row of `projects` as the routes read it (dates as text: no time zone can move them). */
export interface ProjectRow {
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

export const PROJECT_COLUMNS = `id, title, description, destination, status, created_at, start_date::text as start_date,
  end_date::text as end_date, duration, group_size, language, flexible, flexibility_window_days`;

/** A project as read (docs/product/projects.md); the route's schema checks it on the way out. */
export function toProject(row: ProjectRow): Project {
  return {
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
  };
}

/** Someone else's project, a deleted one and a malformed id all look the same: missing. */
export function projectNotFound(): HttpError {
  return new HttpError(404, 'NOT_FOUND', 'Project not found');
}

/**
 * For routes declared with `attachValidation`: an id that is not a project id answers 404 like
 * someone else's project (never 400, which would tell ids apart); a bad body or query still
 * answers 400.
 */
export function refuseInvalidRequest(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (request.validationError?.validationContext === 'params') throw projectNotFound();
  throw error;
}

/**
 * The earliest trek date the API accepts, and today, as YYYY-MM-DD in UTC. A day of slack: the
 * traveler's "today" may still be yesterday in UTC terms.
 */
export function tripDateLimits(now: Date): { earliest: string; today: string } {
  return {
    earliest: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10),
    today: now.toISOString().slice(0, 10),
  };
}

/** The 400 for a trek date before `tripDateLimits().earliest`. */
export function pastDateError(field: string, today: string): HttpError {
  return new HttpError(400, 'VALIDATION', `${field}: must not be in the past (today is ${today})`);
}

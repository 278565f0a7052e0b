import {
  type CreateProjectBody,
  type EditableProject,
  endDateOf,
  mergeProjectUpdate,
  projectUpdateBodySchema,
} from '@trek/shared/schemas';
import { HttpError } from '../http/errors.js';

const NOTHING_YET: EditableProject = {
  destination: null,
  duration: null,
  startDate: null,
  flexible: false,
  flexibilityWindowDays: null,
  groupSize: null,
  languages: [],
};

function invalid(message: string): HttpError {
  return new HttpError(400, 'VALIDATION', message);
}

/** The fixed fields of a new request (spec sections 3 and 9): any other value is refused. */
const FIXED = { maxBudget: 'TBD', difficulty: 'medium' } as const;
/** A request's title is its trek's name, or this when it has none (spec sections 3 and 9). */
const DEFAULT_TITLE = 'Trek Request';

/**
 * The rules of POST /api/projects that the shared body schema does not hold (it is shared with
 * the wizard and being moved to zod/mini elsewhere, so they live here): the trek is one of the
 * catalogue's choosable treks, the duration one of its durations and a flexible request has a
 * window, checked by the edit's own rules (`projectUpdateBodySchema`, `mergeProjectUpdate`); the
 * top-level fields repeat the wizard's answers; the dates are set (step 3 needs both) and the end
 * is the start plus the duration's nights; maxBudget and difficulty are the fixed values and the
 * title is the trek's name or 'Trek Request' (docs/decisions/0080-spec-readings.md). The wizard
 * only sends such bodies (`toCreateProjectBody`). Returns the destination and the title as the
 * catalogue spells them.
 */
export function checkNewProject(body: CreateProjectBody): { destination: string; title: string } {
  const { formData } = body;
  const trip = projectUpdateBodySchema.safeParse({
    destination: body.destination,
    duration: formData.duration || undefined,
  });
  const destination = trip.success ? trip.data.destination : undefined;
  if (!trip.success || !destination) {
    throw invalid('destination: must be one of the treks you can choose');
  }
  if (formData.trek.trim().toLowerCase() !== body.destination.trim().toLowerCase()) {
    throw invalid(`formData.trek: must be the destination (${destination})`);
  }
  const { problem } = mergeProjectUpdate(NOTHING_YET, trip.data);
  if (problem || !formData.duration) {
    throw invalid(`formData.duration: must be one of the durations of ${destination}`);
  }
  // The edit's own rule, so a new project is never in a state PATCH refuses. A window of 0 days
  // is none: the wizard offers 1, 2 or 3 (spec section 9), so flexible with 0 is refused too.
  // Fixed dates with a window are let through: the window is dropped when the project is stored.
  if (formData.dates.flexible) {
    const dates = mergeProjectUpdate(NOTHING_YET, {
      flexible: true,
      flexibilityWindowDays: formData.dates.flexibilityWindowDays || null,
    });
    if (dates.problem) throw invalid(`formData.dates.${dates.problem}`);
  }
  for (const field of ['maxBudget', 'difficulty'] as const) {
    if (body[field] !== FIXED[field]) throw invalid(`${field}: must be ${FIXED[field]}`);
  }
  const title =
    body.title === DEFAULT_TITLE
      ? DEFAULT_TITLE
      : body.title.toLowerCase() === destination.toLowerCase()
        ? destination
        : undefined;
  if (!title) throw invalid(`title: must be the trek's name (${destination}) or ${DEFAULT_TITLE}`);
  if (body.groupSize !== formData.travelers) {
    throw invalid(`groupSize: must be formData.travelers (${formData.travelers})`);
  }
  // Step 3 of the wizard is complete only with both dates (spec section 5).
  if (!body.startDate) throw invalid('startDate: is required');
  if (!body.endDate) throw invalid('endDate: is required');
  if (body.startDate !== formData.dates.start) {
    throw invalid('startDate: must be formData.dates.start');
  }
  if (body.endDate !== formData.dates.end) {
    throw invalid('endDate: must be formData.dates.end');
  }
  const endDate = endDateOf(body.startDate, formData.duration);
  if (body.endDate !== endDate) {
    throw invalid(
      endDate
        ? `endDate: must be ${endDate}, startDate plus the nights of the duration`
        : 'endDate: must be startDate plus the nights of the duration',
    );
  }
  return { destination, title };
}

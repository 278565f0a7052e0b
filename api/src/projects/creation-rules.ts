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

/**
 * The rules of POST /api/projects that the shared body schema does not hold (it is shared with
 * the wizard and being moved to zod/mini elsewhere, so they live here): the trek is one of the
 * catalogue's choosable treks, the duration one of its durations and a flexible request has a
 * window, checked by the edit's own rules (`projectUpdateBodySchema`, `mergeProjectUpdate`); the
 * top-level fields repeat the wizard's answers; the end date is the start plus the duration's
 * nights. The wizard only sends such bodies (`toCreateProjectBody`). Returns the destination as
 * the catalogue spells it.
 */
export function checkNewProject(body: CreateProjectBody): { destination: string } {
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
  if (body.groupSize !== formData.travelers) {
    throw invalid(`groupSize: must be formData.travelers (${formData.travelers})`);
  }
  if (body.startDate !== (formData.dates.start || null)) {
    throw invalid('startDate: must be formData.dates.start (null when it is blank)');
  }
  if (body.endDate !== (formData.dates.end || null)) {
    throw invalid('endDate: must be formData.dates.end (null when it is blank)');
  }
  const endDate = endDateOf(body.startDate, formData.duration);
  if (body.endDate !== endDate) {
    throw invalid(
      endDate
        ? `endDate: must be ${endDate}, startDate plus the nights of the duration`
        : 'endDate: must be null without a startDate',
    );
  }
  return { destination };
}

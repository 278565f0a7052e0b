import { z } from 'zod/mini';
import { isDurationAvailable, nightsFromDuration } from '../catalogue/durations';
import { isTrekSelectable, trekNameOf } from '../catalogue/trek-ids';
import { addNightsIso } from '../format/dates';
import { isoDateSchema, lineText } from './fields';
import {
  LANGUAGE_KEYS,
  LANGUAGE_LABELS,
  type LanguageKey,
  languageKeyOf,
  languagesFromText,
  type Project,
  projectSchema,
} from './project';

/**
 * Editing a project (docs/product/projects.md, "Edit"): what PATCH /api/projects/:id accepts, the
 * rules that need the project as it is (a duration belongs to the trek, a flexibility window only
 * when flexible), and the answers of the edit calls. The edit page and the API use the same
 * schemas and the same `mergeProjectUpdate`, so the page cannot offer what the API refuses.
 */

/** Travelers in a group: the wizard's range; the edit page's minimum is 1 too. */
export const GROUP_SIZE = { min: 1, max: 10 } as const;

/** Days of flexibility around the dates on the edit page; 0 reads 'No flexibility'. */
export const FLEXIBILITY_WINDOW_DAYS = [0, 1, 2, 3] as const;

/** What the edit page changes, as one value: the page's form, and what a PATCH is merged into. */
export interface EditableProject {
  destination: string | null;
  duration: string | null;
  startDate: string | null;
  flexible: boolean;
  flexibilityWindowDays: number | null;
  groupSize: number | null;
  languages: LanguageKey[];
}

export function editableProjectOf(project: Project): EditableProject {
  return {
    destination: project.destination,
    duration: project.duration,
    startDate: project.startDate,
    flexible: project.flexible === true,
    flexibilityWindowDays: project.flexible ? project.flexibilityWindowDays : null,
    groupSize: project.groupSize,
    languages: languagesFromText(project.language),
  };
}

/** The end date: start plus the nights of the duration (spec section 9); none without a start. */
export function endDateOf(startDate: string | null, duration: string | null): string | null {
  return startDate ? addNightsIso(startDate, nightsFromDuration(duration)) || null : null;
}

const LANGUAGE_NAMES = LANGUAGE_KEYS.map((key) => LANGUAGE_LABELS[key]).join(', ');

/** A project's `language` as sent: 'English, Spanish' (labels or keys, any case), each once. */
const languageListTextSchema = z.pipe(
  lineText(100, 1).check(
    z.refine(
      (value) => value.split(',').every((name) => languageKeyOf(name)),
      `must name languages among ${LANGUAGE_NAMES}, separated by commas`,
    ),
    z.refine((value) => {
      const keys = value.split(',').map(languageKeyOf).filter(Boolean);
      return new Set(keys).size === keys.length;
    }, 'must not repeat a language'),
  ),
  z.transform((value: string) =>
    value.split(',').map((name) => languageKeyOf(name) as LanguageKey),
  ),
);

/**
 * The body of PATCH /api/projects/:id: only the fields that changed, `groupSize` and
 * `flexibilityWindowDays` as text (spec section 7). Any other field (status, id, owner...) is
 * refused. `endDate` is accepted but not trusted: the API computes it from start and duration.
 */
export const projectUpdateBodySchema = z
  .strictObject({
    destination: z.optional(
      lineText(100, 1).check(
        z.refine(isTrekSelectable, 'must be one of the treks you can choose'),
        z.overwrite((name) => trekNameOf(name) ?? name),
      ),
    ),
    duration: z.optional(lineText(100, 1)),
    startDate: z.optional(isoDateSchema),
    endDate: z.optional(isoDateSchema),
    flexible: z.optional(z.boolean()),
    flexibilityWindowDays: z.optional(
      z.nullable(
        z.pipe(
          z.enum(
            FLEXIBILITY_WINDOW_DAYS.map(String) as ['0', '1', '2', '3'],
            'must be one of "0", "1", "2", "3" (days), or null',
          ),
          z.transform(Number),
        ),
      ),
    ),
    groupSize: z.optional(
      z.pipe(
        z
          .string('must be a number of travelers as text, "1" to "10"')
          .check(z.regex(/^(?:[1-9]|10)$/, 'must be a number of travelers as text, "1" to "10"')),
        z.transform(Number),
      ),
    ),
    language: z.optional(languageListTextSchema),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'must change at least one field'));

/** What the edit page sends. */
export type ProjectUpdateBody = z.input<typeof projectUpdateBodySchema>;
/** The same, read by the API. */
export type ProjectUpdate = z.output<typeof projectUpdateBodySchema>;

export interface MergedProjectUpdate {
  next: EditableProject;
  /** The end date to store: recomputed when the start, the duration or the trek changed. */
  endDate: string | null | undefined;
  /** The first rule the merge breaks, as 'field: message'; null when there is none. */
  problem: string | null;
}

/**
 * A PATCH applied to the project as it is. Rules about fields the PATCH does not touch are not
 * checked again: an old project with a missing duration can still change its travelers.
 */
export function mergeProjectUpdate(
  current: EditableProject,
  update: ProjectUpdate,
): MergedProjectUpdate {
  const next: EditableProject = {
    destination: update.destination ?? current.destination,
    duration: update.duration ?? current.duration,
    startDate: update.startDate ?? current.startDate,
    flexible: update.flexible ?? current.flexible,
    flexibilityWindowDays:
      update.flexibilityWindowDays !== undefined
        ? update.flexibilityWindowDays
        : current.flexibilityWindowDays,
    groupSize: update.groupSize ?? current.groupSize,
    languages: update.language ?? current.languages,
  };
  let problem: string | null = null;
  const tripChanged = update.destination !== undefined || update.duration !== undefined;
  if (tripChanged && !isDurationAvailable(next.destination, next.duration)) {
    problem = `duration: must be one of the durations of ${next.destination ?? 'the trek'}`;
  }
  if (update.flexible !== undefined || update.flexibilityWindowDays !== undefined) {
    if (!next.flexible) {
      if (update.flexibilityWindowDays != null) {
        problem ??= 'flexibilityWindowDays: applies only when flexible is true';
      }
      next.flexibilityWindowDays = null;
    } else if (next.flexibilityWindowDays === null) {
      problem ??= 'flexibilityWindowDays: is required when flexible is true';
    }
  }
  const endDate =
    tripChanged || update.startDate !== undefined
      ? endDateOf(next.startDate, next.duration)
      : undefined;
  return { next, endDate, problem };
}

/** The answer of PATCH /api/projects/:id; `changeSetId` is null when nothing actually changed. */
export const projectUpdateResultSchema = z.object({
  project: projectSchema,
  changeSetId: z.nullable(z.uuid()),
});

export type ProjectUpdateResult = z.infer<typeof projectUpdateResultSchema>;

/** One change as the traveler reviewed it and guides will read it: 'Travelers', '2' → '3'. */
export const projectChangeSchema = z.object({
  field: lineText(50, 1),
  label: lineText(100, 1),
  before: lineText(300),
  after: lineText(300),
});

export type ProjectChange = z.infer<typeof projectChangeSchema>;

/** POST /api/projects/:id/notify-guides: the change set a PATCH answered, and its changes. */
export const notifyGuidesBodySchema = z.strictObject({
  changeSetId: z.uuid(),
  changes: z.array(projectChangeSchema).check(z.minLength(1), z.maxLength(20)),
});

export type NotifyGuidesBody = z.infer<typeof notifyGuidesBodySchema>;

/** Its answer (202): the notice is queued for the guides, once per change set. */
export const notifyGuidesResultSchema = z.object({
  changeSetId: z.uuid(),
  queuedAt: z.string(),
});

/** The answer of DELETE /api/projects/:id. */
export const projectDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

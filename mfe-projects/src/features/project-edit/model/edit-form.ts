import {
  type EditableProject,
  editableProjectOf,
  endDateOf,
  GROUP_SIZE,
  isDurationAvailable,
  LANGUAGE_KEYS,
  type LanguageKey,
  languagesToText,
  mergeProjectUpdate,
  type Project,
  type ProjectChange,
  type ProjectUpdateBody,
  projectUpdateBodySchema,
  START_DATE_PASSED_MESSAGE,
} from '@trek/shared';
import {
  dateRangeText,
  flexibilityText,
  languagesText,
  travelersText,
} from '../../../model/project-display';

/**
 * The edit page's form as pure functions (docs/product/projects.md, "Edit"): it starts as a copy
 * of the loaded project, each change returns a new form, and the body of the PATCH and the list
 * of changes are derived from the form and the project as loaded.
 */
export type EditForm = EditableProject;

/** The inline-edited fields, in page order; 'dates' holds the flexibility too. */
export const EDIT_FIELDS = ['trek', 'duration', 'dates', 'travelers', 'languages'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

export const formOf = (project: Project): EditForm => {
  const form = editableProjectOf(project);
  return { ...form, languages: inCatalogueOrder(form.languages) };
};

function inCatalogueOrder(languages: readonly LanguageKey[]): LanguageKey[] {
  return LANGUAGE_KEYS.filter((key) => languages.includes(key));
}

/**
 * Choosing a new trek clears the duration: one of the new trek's must be chosen. Coming back to
 * the project's own trek brings its duration back.
 */
export function chooseTrek(form: EditForm, trek: string, original: EditForm): EditForm {
  if (trek === form.destination) return form;
  if (trek === original.destination) {
    const keep = isDurationAvailable(trek, form.duration);
    return { ...form, destination: trek, duration: keep ? form.duration : original.duration };
  }
  return { ...form, destination: trek, duration: null };
}

export function chooseDuration(form: EditForm, duration: string): EditForm {
  return { ...form, duration };
}

export function chooseStartDate(form: EditForm, startDate: string): EditForm {
  return { ...form, startDate };
}

/** Ticking 'flexible' brings back the project's window (or 1 day); unticking drops the window. */
export function setFlexible(form: EditForm, flexible: boolean, original: EditForm): EditForm {
  if (!flexible) return { ...form, flexible, flexibilityWindowDays: null };
  return {
    ...form,
    flexible,
    flexibilityWindowDays: form.flexibilityWindowDays ?? original.flexibilityWindowDays ?? 1,
  };
}

export function setFlexibilityWindow(form: EditForm, days: number): EditForm {
  return form.flexible ? { ...form, flexibilityWindowDays: days } : form;
}

/** Travelers: a whole number from 1 to 10; anything not a number reads 1 (spec section 5). */
export function travelersFrom(value: number | string): number {
  const count = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(count) || value === '') return GROUP_SIZE.min;
  return Math.min(GROUP_SIZE.max, Math.max(GROUP_SIZE.min, Math.round(count)));
}

export function setTravelers(form: EditForm, value: number | string): EditForm {
  return { ...form, groupSize: travelersFrom(value) };
}

export function setLanguages(form: EditForm, languages: readonly string[]): EditForm {
  return {
    ...form,
    languages: LANGUAGE_KEYS.filter((key) => languages.includes(key)),
  };
}

/**
 * Cancel on a field: it goes back to the project as loaded (the dates with their flexibility).
 * Restoring the trek restores the duration too when the current one is not the trek's; restoring
 * the duration under a new trek that does not offer it leaves it to be chosen.
 */
export function restoreField(form: EditForm, original: EditForm, field: EditField): EditForm {
  switch (field) {
    case 'trek':
      return {
        ...form,
        destination: original.destination,
        duration: isDurationAvailable(original.destination, form.duration)
          ? form.duration
          : original.duration,
      };
    case 'duration':
      // Restored, then the rule for a new trek applies: the project's duration is not one of
      // this trek's, so none is chosen yet (spec section 4, "Edit project").
      return {
        ...form,
        duration:
          form.destination === original.destination ||
          isDurationAvailable(form.destination, original.duration)
            ? original.duration
            : null,
      };
    case 'dates':
      return {
        ...form,
        startDate: original.startDate,
        flexible: original.flexible,
        flexibilityWindowDays: original.flexibilityWindowDays,
      };
    case 'travelers':
      return { ...form, groupSize: original.groupSize };
    case 'languages':
      return { ...form, languages: original.languages };
  }
}

const sameLanguages = (a: readonly LanguageKey[], b: readonly LanguageKey[]) =>
  a.length === b.length && a.every((key) => b.includes(key));

/** The fields whose value differs from the project as loaded: they wear the 'Edited' badge. */
export function editedFields(original: EditForm, form: EditForm): Set<EditField> {
  const edited = new Set<EditField>();
  if (form.destination !== original.destination) edited.add('trek');
  if (form.duration !== original.duration) edited.add('duration');
  if (
    form.startDate !== original.startDate ||
    form.flexible !== original.flexible ||
    form.flexibilityWindowDays !== original.flexibilityWindowDays
  ) {
    edited.add('dates');
  }
  if (form.groupSize !== original.groupSize) edited.add('travelers');
  if (!sameLanguages(form.languages, original.languages)) edited.add('languages');
  return edited;
}

/**
 * A duration is still to be chosen: the trek or the duration changed and the duration is not one
 * of the trek's (a new trek clears it). Review is blocked until one is picked.
 */
export function needsDuration(original: EditForm, form: EditForm): boolean {
  const touched = form.destination !== original.destination || form.duration !== original.duration;
  return touched && !isDurationAvailable(form.destination, form.duration);
}

/** The end date the form stands for: start plus the nights of the duration. */
export function endDateOfForm(form: EditForm): string | null {
  return form.duration ? endDateOf(form.startDate, form.duration) : null;
}

/**
 * Every change as before → after, as the review dialog lists them and guides read them (trek,
 * duration, dates, flexibility, travelers, languages).
 */
export function changesBetween(project: Project, form: EditForm): ProjectChange[] {
  const original = formOf(project);
  const changes: ProjectChange[] = [];
  const add = (field: string, label: string, before: string, after: string) => {
    if (before !== after) changes.push({ field, label, before, after });
  };
  add('trek', 'Trek', original.destination ?? 'Not set', form.destination ?? 'Not set');
  add('duration', 'Duration', original.duration ?? 'Not set', form.duration ?? 'Not set');
  add(
    'dates',
    'Dates',
    dateRangeText(project.startDate, project.endDate),
    dateRangeText(form.startDate, endDateOfForm(form)),
  );
  add(
    'flexibility',
    'Flexibility',
    flexibilityText(original.flexible, original.flexibilityWindowDays),
    flexibilityText(form.flexible, form.flexibilityWindowDays),
  );
  add('travelers', 'Travelers', travelersText(original.groupSize), travelersText(form.groupSize));
  add('languages', 'Languages', languagesText(original.languages), languagesText(form.languages));
  return changes;
}

/**
 * The PATCH body: only what changed, groupSize and the window as text, languages joined
 * (spec section 7). The end date goes along whenever it moves; the API computes it again.
 */
export function updateBodyOf(project: Project, form: EditForm): ProjectUpdateBody {
  const original = formOf(project);
  const body: ProjectUpdateBody = {};
  if (form.destination !== original.destination && form.destination) {
    body.destination = form.destination;
  }
  if (form.duration !== original.duration && form.duration) body.duration = form.duration;
  if (form.startDate !== original.startDate && form.startDate) body.startDate = form.startDate;
  const endDate = endDateOfForm(form);
  if (endDate && endDate !== project.endDate) body.endDate = endDate;
  if (form.flexible !== original.flexible) body.flexible = form.flexible;
  if (form.flexibilityWindowDays !== original.flexibilityWindowDays) {
    // The form only ever holds one of FLEXIBILITY_WINDOW_DAYS; the API checks it again.
    body.flexibilityWindowDays =
      form.flexibilityWindowDays === null
        ? null
        : (String(form.flexibilityWindowDays) as '0' | '1' | '2' | '3');
  }
  if (form.groupSize !== original.groupSize && form.groupSize !== null) {
    body.groupSize = String(form.groupSize);
  }
  if (!sameLanguages(form.languages, original.languages)) {
    body.language = languagesToText(form.languages);
  }
  return body;
}

/**
 * Why the API would refuse this body, by the same rules it applies (the shared schema and merge),
 * plus the start date, which must not be before `today` (yyyy-MM-dd, the traveler's day).
 */
export function problemWith(
  project: Project,
  body: ProjectUpdateBody,
  today: string,
): string | null {
  const parsed = projectUpdateBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return issue ? `${issue.path.join('.') || 'changes'}: ${issue.message}` : 'Invalid changes';
  }
  if (parsed.data.startDate !== undefined && parsed.data.startDate < today) {
    return 'startDate: must not be in the past';
  }
  return mergeProjectUpdate(editableProjectOf(project), parsed.data).problem;
}

/**
 * What stops the review (problemWith's problem), in the traveler's words; none while a duration
 * is to be chosen (the button says so itself).
 */
export function reviewHint(
  form: EditForm,
  durationMissing: boolean,
  problem: string | null,
  today: string,
  /** The start 'Confirm changes' found passed (the review opened before midnight), if any. */
  passedStart: string | null = null,
): string | null {
  if (durationMissing || problem === null) return null;
  if (form.languages.length === 0) return 'Select at least one language to continue';
  if (/^(startDate|endDate):/.test(problem)) {
    if (form.startDate !== null && form.startDate < today) {
      return form.startDate === passedStart
        ? START_DATE_PASSED_MESSAGE
        : 'Choose a start date from today on';
    }
    // Not in the past, so too late: a start, or the end its trek's nights carry it to, after the
    // last date the product keeps (2100; the calendar offers none, a longer duration can).
    return 'Choose an earlier start date';
  }
  return problem;
}

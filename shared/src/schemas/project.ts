import { z } from 'zod/mini';
import { freeText, isoDateSchema, lineText, text, trimInvisible } from './fields';

export const LANGUAGE_KEYS = ['english', 'french', 'spanish'] as const;
export const languageKeySchema = z.enum(LANGUAGE_KEYS);
export type LanguageKey = z.infer<typeof languageKeySchema>;

/** How a language is written for people, and in a project's `language` ('English, Spanish'). */
export const LANGUAGE_LABELS: Readonly<Record<LanguageKey, string>> = {
  english: 'English',
  french: 'French',
  spanish: 'Spanish',
};

/** The key of a language named by key or label, any case. */
export function languageKeyOf(name: string): LanguageKey | undefined {
  const wanted = name.trim().toLowerCase();
  return LANGUAGE_KEYS.find(
    (key) => key === wanted || LANGUAGE_LABELS[key].toLowerCase() === wanted,
  );
}

/** A project's `language`: the labels joined by comma and space, in the order given. */
export function languagesToText(keys: readonly LanguageKey[]): string {
  return keys.map((key) => LANGUAGE_LABELS[key]).join(', ');
}

/** The languages a project's `language` names, each once; unknown names are left out. */
export function languagesFromText(text: string | null | undefined): LanguageKey[] {
  const keys: LanguageKey[] = [];
  for (const name of (text ?? '').split(',')) {
    const key = languageKeyOf(name);
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Each language at most once: the list names guide languages, it is not a count. */
const languagesSchema = z.array(languageKeySchema).check(
  z.maxLength(LANGUAGE_KEYS.length),
  z.refine((keys) => new Set(keys).size === keys.length, 'must not repeat a language'),
);

/** A date, or '' for none yet. */
function dateOrBlank() {
  return z.union([isoDateSchema, z.literal('')]);
}

/** A group of 1 to 10 travellers. */
function travelersSchema() {
  return z.number().check(z.int(), z.minimum(1), z.maximum(10));
}

/** Most characters of a campaign tag (utm_source, utm_medium, utm_campaign) the answers keep. */
export const CAMPAIGN_TAG_MAX_LENGTH = 200;
const campaignTagSchema = lineText(CAMPAIGN_TAG_MAX_LENGTH);

/**
 * Control characters (a `%09` in a link), bidi controls (they make a tag display as another) and
 * halves of UTF-16 pairs: none has a place in a campaign tag.
 */
const NOT_IN_CAMPAIGN_TAG = /[\p{Cc}\p{Bidi_Control}\p{Cs}]/gu;

/**
 * A campaign tag of the address as the answers can hold it: without the characters above,
 * trimmed, and cut to `CAMPAIGN_TAG_MAX_LENGTH` (never inside an emoji), so an ad's long or odd
 * tag never makes the request fail (a 400 the traveler cannot mend) nor the saved answers
 * unreadable. '' when nothing valid is left.
 */
export function campaignTag(raw: string | null | undefined): string {
  let tag = trimInvisible((raw ?? '').replace(NOT_IN_CAMPAIGN_TAG, ''));
  if (tag.length > CAMPAIGN_TAG_MAX_LENGTH) {
    tag = tag.slice(0, CAMPAIGN_TAG_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, '');
  }
  const parsed = campaignTagSchema.safeParse(tag);
  return parsed.success ? parsed.data : '';
}

/** Wizard answers (docs/product/wizard.md, "Answers"). */
export const wizardFormDataSchema = z.object({
  trek: lineText(100),
  duration: lineText(100),
  dates: z.object({
    flexible: z.boolean(),
    flexibilityWindowDays: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(3))),
    start: dateOrBlank(),
    end: dateOrBlank(),
    baseDate: z.optional(dateOrBlank()),
  }),
  travelers: travelersSchema(),
  languages: languagesSchema,
  utm: z.object({
    source: campaignTagSchema,
    medium: campaignTagSchema,
    campaign: campaignTagSchema,
  }),
});

export type WizardFormData = z.infer<typeof wizardFormDataSchema>;

/**
 * Answers read back from this browser (the wizard's saved answers, the account page's view of
 * them) or carried through a sign-in: as `wizardFormDataSchema`, but a campaign tag it refuses
 * (saved before tags were cleaned) reads as '' rather than making every answer unreadable.
 */
export const savedWizardAnswersSchema = z.extend(wizardFormDataSchema, {
  utm: z.object({
    source: z.catch(campaignTagSchema, ''),
    medium: z.catch(campaignTagSchema, ''),
    campaign: z.catch(campaignTagSchema, ''),
  }),
});

/**
 * Kept in browser storage after a request is created: the success page reads it back, and the
 * project page compares the project with the traveler's original answers.
 */
export const createdProjectSummarySchema = z.object({
  id: z.nullable(z.string()),
  trek: z.string(),
  dates: z.object({
    start: z.string(),
    end: z.string(),
    flexible: z.boolean(),
    flexibilityWindowDays: z.nullable(z.number()),
  }),
  duration: z.string(),
  travelers: z.number(),
});

export type CreatedProjectSummary = z.infer<typeof createdProjectSummarySchema>;

/**
 * The description a request is created with ('4 days / 3 nights trek for 2 travellers'). The API
 * writes it again when an edit changes the duration or the group, unless it was written by hand.
 */
export function trekRequestDescription(duration: string | null, travelers: number | null): string {
  const group = `${travelers ?? 0} ${travelers === 1 ? 'traveller' : 'travellers'}`;
  return `${duration ?? ''} trek for ${group}`;
}

/**
 * The answers a project was created with, kept in this browser by the wizard (the summary without
 * its id, keyed by `projectId`): the project page prefers them while they still describe it.
 */
export const originalFormDataSchema = z.extend(z.omit(createdProjectSummarySchema, { id: true }), {
  projectId: z.string(),
});

export type OriginalFormData = z.infer<typeof originalFormDataSchema>;

/**
 * The body of POST /api/projects (docs/product/projects.md, "Creating a request"). Whether the
 * start date is in the past depends on the server's clock, so the API checks that itself.
 * Unknown names are refused rather than ignored (the wizard's answers in `formData` are read as
 * the browser reads its saved answers, with `wizardFormDataSchema`).
 */
export const createProjectBodySchema = z
  .strictObject({
    title: text({ max: 200, required: true }),
    description: freeText(2000),
    destination: text({ max: 100, required: true }),
    startDate: z.nullable(isoDateSchema),
    endDate: z.nullable(isoDateSchema),
    maxBudget: lineText(50),
    groupSize: travelersSchema(),
    difficulty: lineText(50),
    formData: z.extend(wizardFormDataSchema, {
      languages: languagesSchema.check(z.minLength(1, 'must name at least one language')),
    }),
  })
  .check(
    z.superRefine((body, issues) => {
      if (body.startDate && body.endDate && body.endDate < body.startDate) {
        issues.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: 'must not be before startDate',
        });
      }
      const { start, end } = body.formData.dates;
      if (start && end && end < start) {
        issues.addIssue({
          code: 'custom',
          path: ['formData', 'dates', 'end'],
          message: 'must not be before start',
        });
      }
    }),
  );

export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

/** A project as the API returns it (docs/product/projects.md, "A project as read"). */
export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  destination: z.nullable(z.string()),
  status: z.string(),
  createdAt: z.string(),
  startDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
  duration: z.nullable(z.string()),
  groupSize: z.nullable(z.number()),
  language: z.nullable(z.string()),
  flexible: z.nullable(z.boolean()),
  flexibilityWindowDays: z.nullable(z.number()),
});

export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.array(projectSchema);

/** Projects per page of GET /api/projects, by default and at most. */
export const PROJECT_PAGE_SIZE = { default: 50, max: 100 } as const;

/**
 * The query of GET /api/projects: `limit` projects, newest first, after the project `after` (the
 * id of the last project of the previous page). The answer stays an array; when more exist, its
 * `Link` header carries the next page's URL (rel="next"). See docs/product/projects.md.
 */
export const projectListQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PROJECT_PAGE_SIZE.max)),
    PROJECT_PAGE_SIZE.default,
  ),
  after: z.optional(z.uuid()),
});

export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

/** GET /api/projects/:id: an id that is not a project id answers 404 like someone else's. */
export const projectParamsSchema = z.object({ id: z.uuid() });

/** How many open (pending or active) requests one traveler may have at once. */
export const OPEN_PROJECTS_LIMIT = 50;

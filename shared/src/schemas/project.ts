import { z } from 'zod';
import { freeText, isoDateSchema, lineText } from './fields';

export const LANGUAGE_KEYS = ['english', 'french', 'spanish'] as const;
export const languageKeySchema = z.enum(LANGUAGE_KEYS);
export type LanguageKey = z.infer<typeof languageKeySchema>;

/** Wizard answers (spec section 3 'Wizard form data'). */
export const wizardFormDataSchema = z.object({
  trek: lineText(100),
  duration: lineText(100),
  dates: z.object({
    flexible: z.boolean(),
    flexibilityWindowDays: z.number().int().min(0).max(3).nullable(),
    start: isoDateSchema.or(z.literal('')),
    end: isoDateSchema.or(z.literal('')),
    baseDate: isoDateSchema.or(z.literal('')).optional(),
  }),
  travelers: z.number().int().min(1).max(10),
  languages: z.array(languageKeySchema),
  utm: z.object({ source: lineText(200), medium: lineText(200), campaign: lineText(200) }),
});

export type WizardFormData = z.infer<typeof wizardFormDataSchema>;

/**
 * Kept in browser storage after a request is created: the success page reads it back, and the
 * project page compares the project with the traveller's original answers.
 */
export const createdProjectSummarySchema = z.object({
  id: z.string().nullable(),
  trek: z.string(),
  dates: z.object({
    start: z.string(),
    end: z.string(),
    flexible: z.boolean(),
    flexibilityWindowDays: z.number().nullable(),
  }),
  duration: z.string(),
  travelers: z.number(),
});

export type CreatedProjectSummary = z.infer<typeof createdProjectSummarySchema>;

/** The body of POST /api/projects (spec section 3 'Project as sent on creation'). */
export const createProjectBodySchema = z.object({
  title: lineText(200, 1),
  description: freeText(2000),
  destination: lineText(100, 1),
  startDate: isoDateSchema.nullable(),
  endDate: isoDateSchema.nullable(),
  maxBudget: lineText(50),
  groupSize: z.number().int().min(1).max(10),
  difficulty: lineText(50),
  formData: wizardFormDataSchema,
});

export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

/** A project as the API returns it (spec section 3 'Project as read'). */
export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  destination: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  duration: z.string().nullable(),
  groupSize: z.number().nullable(),
  language: z.string().nullable(),
  flexible: z.boolean().nullable(),
  flexibilityWindowDays: z.number().nullable(),
});

export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.array(projectSchema);

/** A guide of the admin screen (spec section 3). */
export const guideSchema = z.object({
  id: z.string(),
  name: z.string(),
  locale: z.enum(['fr', 'en', 'es']),
  zones: z.array(z.string()),
  isActive: z.boolean(),
  joinCode: z.string(),
  whatsappId: z.string().nullable(),
  createdAt: z.string(),
});

export type Guide = z.infer<typeof guideSchema>;

import { z } from 'zod/mini';
import { RETURN_PATH_MAX_LENGTH } from '../contract/paths.js';
import { emailSchema, firstNameSchema, lastNameSchema } from './fields';

/**
 * POST /api/auth/request-magic-link (the WhatsApp number of the form is never sent). Unknown
 * names are refused rather than ignored, as on every body of the API.
 */
export const magicLinkRequestSchema = z.strictObject({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  /** Same-origin path to land on once signed in; anything else lands on the wizard. */
  redirectTo: z.optional(z.string().check(z.maxLength(RETURN_PATH_MAX_LENGTH))),
});

export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

/**
 * The fields of the wizard's registration form: the magic-link request's own field schemas (the
 * API checks the same ones, with the same messages), plus the WhatsApp number and its country,
 * which the form checks (the wizard refines this schema) and never sends. Built here, with the
 * page's one zod: a remote that imported zod itself would make the browser load a second copy.
 */
export const registrationFormSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  whatsapp: z.string(),
  countryCode: z.string(),
});

/**
 * POST /api/auth/send-magic-link: the conflict page's proof of the e-mail (account linking).
 * Unknown names are refused, as on every body of the API.
 */
export const linkingMagicLinkRequestSchema = z.strictObject({
  email: emailSchema,
  purpose: z.literal('account_linking'),
  /** The short-lived token of the conflict page's address. */
  linkingToken: z.string().check(z.minLength(20), z.maxLength(200)),
  provider: z.enum(['google', 'facebook']),
});

export type LinkingMagicLinkRequest = Omit<
  z.input<typeof linkingMagicLinkRequestSchema>,
  'purpose'
>;

/** The answer of both magic-link calls; the same whether or not the account exists. */
export const magicLinkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Development on this machine only: the link itself, offered as 'Use test link'. */
  magicLink: z.optional(z.string()),
  /**
   * Account linking only: the seconds the link sent can still link the provider (its linking
   * token's time left, at most the link's own 15 minutes), counted from the answer.
   */
  linkingSecondsLeft: z.optional(z.number().check(z.int(), z.minimum(0))),
});

export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;

/** Largest carried wizard form (base64) an OAuth sign-in keeps until the provider answers. */
export const OAUTH_FORM_DATA_MAX = 4096;

/** The query of GET /auth/google and /auth/facebook (a full-page navigation). */
export const oauthStartQuerySchema = z.object({
  returnTo: z.optional(z.string().check(z.maxLength(RETURN_PATH_MAX_LENGTH))),
  formData: z.optional(z.string().check(z.maxLength(OAUTH_FORM_DATA_MAX))),
  mode: z.optional(z.enum(['link'])),
});

import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import {
  ApiError,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  rateLimitMessage,
} from '@trek/shared';
import { z } from 'zod';
import { type Country, findCountry } from './countries';

/** A WhatsApp number: the country's dial code plus 6 to 14 digits (spaces and dashes allowed). */
export function isValidWhatsapp(number: string, country: Country): boolean {
  const digits = number.replace(/[\s\-()]/g, '');
  const withoutDial = digits.startsWith(country.dialCode)
    ? digits.slice(country.dialCode.length)
    : digits;
  return /^\d{6,14}$/.test(withoutDial) && country.dialCode.length - 1 + withoutDial.length <= 15;
}

/**
 * The registration form: the magic-link request's own field schemas (the API checks the same
 * ones, with the same messages), plus the WhatsApp number, checked here and never sent
 * (docs/product/sign-in.md, "The registration modal").
 */
export const registrationSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    whatsapp: z.string(),
    countryCode: z.string(),
  })
  .superRefine((values, issues) => {
    if (
      values.whatsapp.trim() &&
      !isValidWhatsapp(values.whatsapp, findCountry(values.countryCode))
    )
      issues.addIssue({
        code: 'custom',
        path: ['whatsapp'],
        message: 'Please enter a valid WhatsApp number',
      });
  });

export type RegistrationValues = z.input<typeof registrationSchema>;

/** The order the form's messages come in: one at a time, the first field that is wrong. */
const FIELD_ORDER = ['firstName', 'lastName', 'email', 'whatsapp'] as const;

const resolveAll = schemaResolver(registrationSchema, { sync: true });

/** The form's validation: the schema's first problem, in the order above. */
export function validateRegistration(values: RegistrationValues): FormErrors {
  const errors = resolveAll(values);
  const field = FIELD_ORDER.find((name) => errors[name]);
  return field ? { [field]: errors[field] } : {};
}

export type MagicLinkErrorCode = 'rate_limited' | 'invalid_email' | 'generic';

const GENERIC = 'Something went wrong. Please try again.';
const INVALID_EMAIL = 'Please enter a valid email address.';

/**
 * The magic-link error catalogue (docs/product/sign-in.md, "Errors"), by status and code. An
 * answer without a code (a proxy's error page, an older server) falls back to the catalogue's
 * reading of the message.
 */
export function magicLinkError(error: unknown): { code: MagicLinkErrorCode; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 429 || error.code === 'RATE_LIMITED') {
      return { code: 'rate_limited', message: rateLimitMessage(error.retryAfterSeconds) };
    }
    if (error.code === 'VALIDATION') return { code: 'invalid_email', message: INVALID_EMAIL };
    if (error.code !== undefined) return { code: 'generic', message: GENERIC };
  }
  const text = (error instanceof Error ? error.message : '').toLowerCase();
  if (text.includes('rate limit') || text.includes('too many')) {
    return { code: 'rate_limited', message: rateLimitMessage() };
  }
  if (text.includes('email') || text.includes('invalid')) {
    return { code: 'invalid_email', message: INVALID_EMAIL };
  }
  return { code: 'generic', message: GENERIC };
}

/** Resend is disabled this long after each send (docs/product/sign-in.md). */
export const RESEND_COOLDOWN_S = 60;

/** Seconds left before another link may be sent. */
export function resendSecondsLeft(sentAt: number, now: number): number {
  return Math.max(0, RESEND_COOLDOWN_S - Math.floor((now - sentAt) / 1000));
}

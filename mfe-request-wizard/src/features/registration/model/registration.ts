import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import { registrationFormSchema } from '@trek/shared';
import type { z } from 'zod/mini';
import { type Country, findCountry } from './countries';

/** A WhatsApp number: the country's dial code plus 6 to 14 digits (spaces and dashes allowed). */
export function isValidWhatsapp(number: string, country: Country): boolean {
  const digits = number.replace(/[\s\-()]/g, '');
  const withoutDial = digits.startsWith(country.dialCode)
    ? digits.slice(country.dialCode.length)
    : digits;
  return /^\d{6,14}$/.test(withoutDial) && country.dialCode.length - 1 + withoutDial.length <= 15;
}

/** The registration form's values (docs/product/sign-in.md, "The registration modal"). */
export type RegistrationValues = z.input<typeof registrationFormSchema>;

/** The order the form's messages come in: one at a time, the first field that is wrong. */
const FIELD_ORDER = ['firstName', 'lastName', 'email', 'whatsapp'] as const;

/** A field the form checks. */
export type RegistrationField = (typeof FIELD_ORDER)[number];

/** The field to bring the traveler to after a failed send: the first one in error, if any. */
export function firstFieldInError(errors: FormErrors): RegistrationField | null {
  return FIELD_ORDER.find((name) => errors[name]) ?? null;
}

/** @trek/shared's fields: the API's own rules and messages. */
const resolveFields = schemaResolver(registrationFormSchema, { sync: true });

/**
 * The form's validation: the schema's first problem, in the order above, with the WhatsApp
 * number (which only the form checks, and never sends) checked for the chosen country.
 */
export function validateRegistration(values: RegistrationValues): FormErrors {
  const errors = resolveFields(values);
  if (
    !errors.whatsapp &&
    values.whatsapp.trim() &&
    !isValidWhatsapp(values.whatsapp, findCountry(values.countryCode))
  ) {
    errors.whatsapp = 'Please enter a valid WhatsApp number';
  }
  const field = firstFieldInError(errors);
  return field ? { [field]: errors[field] } : {};
}

/** Resend is disabled this long after each send (docs/product/sign-in.md). */
export const RESEND_COOLDOWN_S = 60;

/** Seconds left before another link may be sent. */
export function resendSecondsLeft(sentAt: number, now: number): number {
  return Math.max(0, RESEND_COOLDOWN_S - Math.floor((now - sentAt) / 1000));
}

/**
 * The same address as far as the server is concerned (it trims, NFC-normalises and lower-cases
 * addresses): sending to it again is a resend, which waits out the countdown.
 */
export function sameAddress(a: string, b: string): boolean {
  const key = (email: string) => email.trim().normalize('NFC').toLowerCase();
  return key(a) === key(b);
}

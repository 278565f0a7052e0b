import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import { registrationFormSchema } from '@trek/shared';
import type { z } from 'zod/mini';
import { type Country, findCountry } from './countries';

/**
 * What people write between a number's digits: spaces, dashes, dots ('06.12.34.56.78' in France),
 * brackets, and the invisible marks a paste brings along (U+202A...U+202C around a number copied
 * from a right-to-left page).
 */
const PHONE_SEPARATORS = /[\s\p{Pd}.()\p{Default_Ignorable_Code_Point}]/gu;
/** Anything but spaces and invisible characters: the optional field counts as filled. */
const VISIBLE = /[^\s\p{Default_Ignorable_Code_Point}]/u;

/**
 * A WhatsApp number of the chosen country: 6 to 14 digits, at most 15 with the dial code, written
 * nationally or for abroad with the country's own code ('+44 7911 123456', '0044 7911 123456').
 */
export function isValidWhatsapp(number: string, country: Country): boolean {
  const written = number.replace(PHONE_SEPARATORS, '');
  const dialDigits = country.dialCode.slice(1);
  const prefix = [`+${dialDigits}`, `00${dialDigits}`].find((p) => written.startsWith(p));
  const national = prefix ? written.slice(prefix.length) : written;
  // '00' left in front is another country's number written for abroad, as '+33...' is.
  return (
    /^\d{6,14}$/.test(national) &&
    !national.startsWith('00') &&
    dialDigits.length + national.length <= 15
  );
}

/**
 * The WhatsApp field's message for the country chosen, or null: only a field with something
 * visible in it is checked (it is optional).
 */
export function validateWhatsapp(number: string, countryCode: string): string | null {
  return VISIBLE.test(number) && !isValidWhatsapp(number, findCountry(countryCode))
    ? 'Please enter a valid WhatsApp number'
    : null;
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
  const whatsapp = errors.whatsapp ? null : validateWhatsapp(values.whatsapp, values.countryCode);
  if (whatsapp) errors.whatsapp = whatsapp;
  const field = firstFieldInError(errors);
  return field ? { [field]: errors[field] } : {};
}

import { ApiError, EMAIL_PATTERN } from '@trek/shared';
import type { Country } from './countries';

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  whatsapp: string;
  countryCode: string;
}

export type RegistrationField = keyof RegistrationValues;

/** A WhatsApp number: the country's dial code plus 6 to 14 digits (spaces and dashes allowed). */
export function isValidWhatsapp(number: string, country: Country): boolean {
  const digits = number.replace(/[\s\-()]/g, '');
  const withoutDial = digits.startsWith(country.dialCode)
    ? digits.slice(country.dialCode.length)
    : digits;
  return /^\d{6,14}$/.test(withoutDial) && country.dialCode.length - 1 + withoutDial.length <= 15;
}

/**
 * The first problem, checked in the spec's order (section 5). The WhatsApp number is checked
 * here and never sent.
 */
export function firstRegistrationError(
  values: RegistrationValues,
  country: Country,
): { field: RegistrationField; message: string } | null {
  if (!values.firstName.trim())
    return { field: 'firstName', message: 'Please enter your first name.' };
  if (!values.lastName.trim())
    return { field: 'lastName', message: 'Please enter your last name.' };
  if (!values.email.trim()) return { field: 'email', message: 'Please enter your email address.' };
  if (!EMAIL_PATTERN.test(values.email.trim()))
    return { field: 'email', message: 'Please enter a valid email address.' };
  if (values.whatsapp.trim() && !isValidWhatsapp(values.whatsapp, country))
    return { field: 'whatsapp', message: 'Please enter a valid WhatsApp number' };
  return null;
}

export type MagicLinkErrorCode = 'rate_limited' | 'invalid_email' | 'generic';

/** The magic-link error catalogue (spec section 8), read from the error's message. */
export function magicLinkError(error: unknown): { code: MagicLinkErrorCode; message: string } {
  const text =
    error instanceof ApiError ? error.message : error instanceof Error ? error.message : '';
  if (/rate limit|Too many/i.test(text)) {
    return { code: 'rate_limited', message: 'Too many requests. Please try again in a minute.' };
  }
  if (/email|invalid/i.test(text)) {
    return { code: 'invalid_email', message: 'Please enter a valid email address.' };
  }
  return { code: 'generic', message: 'Something went wrong. Please try again.' };
}

/** Resend is disabled this long after each send (spec section 9). */
export const RESEND_COOLDOWN_S = 60;

/** Seconds left before another link may be sent. */
export function resendSecondsLeft(sentAt: number, now: number): number {
  return Math.max(0, RESEND_COOLDOWN_S - Math.floor((now - sentAt) / 1000));
}

import { z } from 'zod';

/**
 * The spec's e-mail rule (section 5): one non-space part, an at-sign, a part, a dot, a part.
 * Shared by the forms and the server so both accept the same addresses.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// PostgreSQL refuses NUL in text (a 500 instead of a 400), and no field has use for the other
// control characters; free text keeps tabs and line breaks.
const NO_CONTROL = 'must not contain control characters';
const LINE_BREAKS = new Set(['\t', '\n', '\r']);

function hasControl(value: string, { allowLineBreaks = false } = {}): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !(allowLineBreaks && LINE_BREAKS.has(char))) return true;
  }
  return false;
}

/** One line of text, of `min` to `max` characters. */
export function lineText(max: number, min = 0) {
  return z
    .string()
    .min(min)
    .max(max)
    .refine((value) => !hasControl(value), NO_CONTROL);
}

/** Free text (tabs and line breaks allowed), up to `max` characters. */
export function freeText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !hasControl(value, { allowLineBreaks: true }), NO_CONTROL);
}

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN)
  .refine((value) => !hasControl(value), NO_CONTROL);

export const personNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => !hasControl(value), NO_CONTROL);

/** A real calendar day as YYYY-MM-DD ('2030-02-30' is refused). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a real calendar date');

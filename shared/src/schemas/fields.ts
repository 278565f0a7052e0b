import { z } from 'zod/mini';

// zod/mini: schemas as functions, so a page carries only the rules it uses (the classic API
// brought its every method and JSON Schema export to every page; docs/decisions/0007). It has
// no messages of its own: the rules that set none (a length, a type) speak zod's English, as
// the API's answers and the forms always have.
z.config(z.locales.en());

/**
 * Field rules shared by the forms and the API, so both accept exactly the same input. The rules
 * and why they exist: docs/product/site.md, "Text the API accepts".
 */

/**
 * The e-mail format of the registration form: one non-space part, an at-sign, a part, a dot, a
 * part (docs/product/sign-in.md), the domain's parts (labels) never empty: no leading, doubled or
 * trailing dot. 'ana@example.com.' reaches the same mailbox as 'ana@example.com' (the root's dot),
 * so it would be another address for the per-address mail cap; 'ana@example..com' reaches none. A
 * character that renders as nothing counts as a space: inside an address it makes a look-alike of
 * another one ('ana\u200B@example.com').
 *
 * Written so that each repeated part ends where the next token takes a character it cannot (the
 * '@', a dot, the end), so no character is ever tried in two parts and a check is linear. Read as
 * `part@part.part`, whose parts both take dots, V8 backtracked quadratically on a run of dots
 * ('a@....... '); email-pattern.test.ts counts the steps.
 */
const NOT_IN_PART = '\\s@\\p{Default_Ignorable_Code_Point}';
export const EMAIL_PATTERN = new RegExp(
  `^[^${NOT_IN_PART}]+@[^${NOT_IN_PART}.]+(?:\\.[^${NOT_IN_PART}.]+)+$`,
  'u',
);

/**
 * Spaces, and every character Unicode says renders as nothing where it is not supported (zero-width
 * space and joiners, soft hyphen, direction marks, Hangul fillers, variation selectors, ...): one
 * property rather than a list, which always missed some.
 */
const BLANK = '\\s\\p{Default_Ignorable_Code_Point}';
const LEADING_BLANK = new RegExp(`^[${BLANK}]+`, 'u');
// Anchored on the last visible character rather than `[...]+$`, which V8 retries at every
// position of a run of blanks: quadratic, over a second for a 16 kB body of spaces.
const LAST_VISIBLE = new RegExp(`([^${BLANK}])[${BLANK}]*$`, 'u');
/**
 * Invisible characters that finish the one before them (variation selectors, emoji tags): kept
 * after the last visible character, or 'Lares ❤️' would lose its emoji style and a flag of
 * England its country.
 */
const ATTACHED = /^[\p{Variation_Selector}\u{E0020}-\u{E007F}]+/u;
/** Half of a UTF-16 pair without its other half: not text (PostgreSQL refuses it in jsonb). */
const LONE_SURROGATE = /\p{Cs}/u;
/** C0 and C1 control characters (PostgreSQL refuses NUL; none has a use in a field). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** The same, less the line breaks (\n, \r) of multi-line text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/**
 * Bidi marks, overrides and isolates: they make a name or an address display as something else
 * (at either end they are trimmed as invisible).
 */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * What a broken rule says, in the forms (under the field) and in the API's 400 answers (after the
 * field's path): one sentence that says what to do, in the forms' own "Please ..." voice. The
 * fields the spec words itself (first and last name, e-mail, guide name) pass their own.
 */
export const TEXT_MESSAGES = {
  required: 'Please fill in this field.',
  surrogate: 'Please use valid characters only.',
  control: 'Please remove control characters such as tabs.',
  bidi: 'Please remove the text-direction characters (they can disguise text).',
} as const;

/** `value` without the spaces and invisible characters at its ends; '' when it has nothing else. */
export function trimInvisible(value: string): string {
  const start = value.replace(LEADING_BLANK, '');
  const last = LAST_VISIBLE.exec(start);
  if (!last) return '';
  const visibleEnd = last.index + (last[1]?.length ?? 0);
  const attached = ATTACHED.exec(start.slice(visibleEnd))?.[0] ?? '';
  return start.slice(0, visibleEnd) + attached;
}

export interface TextRule {
  /** Most characters kept, after trimming. */
  max: number;
  /** Not blank once spaces and invisible characters are trimmed; a string is the message. */
  required?: boolean | string;
  /** Line breaks allowed (free text); any other control character is refused anyway. */
  multiline?: boolean;
  /** Refuses bidi overrides and isolates (names and e-mails). */
  noBidi?: boolean;
  /** The message for text over `max` characters (zod's own by default). */
  tooLong?: string;
}

/**
 * The one rule for every string field: valid Unicode, no control characters (line breaks only in
 * multi-line text), trimmed of spaces and invisible characters at both ends, at most `max`
 * characters, and, when required, not blank.
 */
export function text({
  max,
  required = false,
  multiline = false,
  noBidi = false,
  tooLong,
}: TextRule) {
  const checks: z.core.$ZodCheck<string>[] = [
    z.overwrite(trimInvisible),
    ...(required
      ? [z.minLength(1, typeof required === 'string' ? required : TEXT_MESSAGES.required)]
      : []),
    z.maxLength(max, tooLong),
    z.refine<string>((value) => !LONE_SURROGATE.test(value), TEXT_MESSAGES.surrogate),
    z.refine<string>(
      (value) => !(multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value),
      TEXT_MESSAGES.control,
    ),
    ...(noBidi ? [z.refine<string>((value) => !BIDI_CONTROL.test(value), TEXT_MESSAGES.bidi)] : []),
  ];
  const schema = z.string().check(...checks);
  return schema;
}

/** One line of text, of `min` (0 or 1: required) to `max` characters. */
export function lineText(max: number, min = 0) {
  return text({ max, required: min > 0 });
}

/** Free text (line breaks allowed), up to `max` characters. */
export function freeText(max: number) {
  return text({ max, multiline: true });
}

/** A person's first or last name; `required` and `tooLong` are the messages a form shows. */
export function personName(required: string = TEXT_MESSAGES.required, tooLong?: string) {
  return text({ max: 100, required, noBidi: true, tooLong });
}

export const personNameSchema = personName();
export const firstNameSchema = personName(
  'Please enter your first name.',
  'Please keep your first name to 100 characters or fewer.',
);
export const lastNameSchema = personName(
  'Please enter your last name.',
  'Please keep your last name to 100 characters or fewer.',
);

/**
 * An address's domain as DNS and mail servers know it: an internationalised one ('exämple.com')
 * in its ASCII form ('xn--exmple-cua.com'), which Chromium's e-mail inputs already give while
 * Firefox's give the Unicode one, so both reach one account. The URL parser does the conversion
 * (in browsers and Node alike); an ASCII domain is left as it is.
 */
function asciiDomain(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any character past ASCII is the point
  if (at < 0 || !/[^\u0000-\u007F]/.test(domain)) return address;
  // A URL's delimiters would make the parser keep only a part of it ('evil.org/ä.com' would be
  // 'evil.org'): such a domain stays as written, never becomes another address.
  if (/[/\\?#:@%[\]]/.test(domain)) return address;
  try {
    return `${address.slice(0, at + 1)}${new URL(`http://${domain}`).hostname}`;
  } catch {
    return address;
  }
}

/**
 * An e-mail address, normalised so that two different inputs never reach the same account by
 * accident: NFC (one spelling for composed letters), lower case, local part included (the
 * accounts table has always compared addresses without case; see docs/product/sign-in.md), and
 * the domain in its ASCII form.
 */
export function email(
  messages: { required?: string; invalid?: string } = {},
): z.ZodMiniType<string, string> {
  const invalid = messages.invalid ?? 'must be an e-mail address';
  return z.string().check(
    z.overwrite(trimInvisible),
    z.minLength(1, messages.required ?? TEXT_MESSAGES.required),
    // Stops here: an address longer than any can be gets this one message, not the pattern's too.
    z.maxLength(254, { message: invalid, abort: true }),
    z.regex(EMAIL_PATTERN, invalid),
    z.refine(
      (value) => !LONE_SURROGATE.test(value) && !CONTROL.test(value) && !BIDI_CONTROL.test(value),
      invalid,
    ),
    z.overwrite((value) => asciiDomain(value.normalize('NFC').toLowerCase())),
    // The ASCII form of a domain is longer than its Unicode one.
    z.maxLength(254, invalid),
  );
}

export const emailSchema = email({
  required: 'Please enter your email address.',
  invalid: 'Please enter a valid email address.',
});

/** Dates the product can mean: a trek between these years (year 0 is not a trek date). */
export const DATE_BOUNDS = { min: '2000-01-01', max: '2100-12-31' } as const;

/** A real calendar day as YYYY-MM-DD within DATE_BOUNDS ('2030-02-30' is refused). */
export const isoDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
  z.refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a real calendar date'),
  z.refine(
    (value) => value >= DATE_BOUNDS.min && value <= DATE_BOUNDS.max,
    `must be between ${DATE_BOUNDS.min.slice(0, 4)} and ${DATE_BOUNDS.max.slice(0, 4)}`,
  ),
);

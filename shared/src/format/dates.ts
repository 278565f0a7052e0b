import { addDays, isValid, lightFormat, parseISO, startOfDay, subDays } from 'date-fns';
import { DATE_BOUNDS } from '../schemas/fields';

/** Weeks start on Monday (spec sections 1 and 9). */
export const WEEK_STARTS_ON = 1 as const;

/**
 * 'Mon 05 Jan 2026', in the reader's time zone. The names come from the platform (Intl):
 * date-fns' `format` carries every token's formatter and a locale to every page (4 kB brotli,
 * since @trek/shared is one shared module). en-US names are the site's: en-GB's short September
 * is 'Sept' in current browsers, the site writes 'Sep'.
 */
export function formatDisplayDate(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** 'yyyy-MM-dd' in local time. */
export function toIsoDate(date: Date): string {
  return lightFormat(date, 'yyyy-MM-dd');
}

/** A local date from 'yyyy-MM-dd'; null when it is not a real date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  // parseISO reads a date-only value as a local date, like parse(value, 'yyyy-MM-dd') did, and
  // weighs a tenth of it (parse carries every format token's parser to every page). The round
  // trip refuses the other ISO forms it accepts ('20260105', a time, a week date).
  const date = parseISO(value);
  return isValid(date) && toIsoDate(date) === value ? date : null;
}

/** The end date: start plus the number of nights; '' when the start is missing or invalid. */
export function addNightsIso(startIso: string | null | undefined, nights: number): string {
  const start = parseIsoDate(startIso);
  return start ? toIsoDate(addDays(start, nights)) : '';
}

/**
 * The last start date of a trek of `nights` nights whose end date (addNightsIso) is still one the
 * answers' schema keeps (DATE_BOUNDS): a later one made the saved wizard answers unreadable, so
 * they were dropped without a word.
 */
export function latestStartIso(nights: number): string {
  return toIsoDate(subDays(parseISO(DATE_BOUNDS.max), Math.max(0, nights)));
}

/**
 * Said when a request or a change is about to be sent with a start date that has passed since it
 * was chosen (the page stayed open over midnight): the wizard and the edit page say it alike.
 */
export const START_DATE_PASSED_MESSAGE = 'Your start date has passed. Please choose a new one.';

/**
 * When a project was created, in the reader's time zone: 'Mon 05 Jan 2026 at 14:30' (en-GB,
 * 24 h); 'Date not available' when it cannot be read.
 */
export function formatCreatedAt(value: string | null | undefined): string {
  if (!value) return 'Date not available';
  const date = parseISO(value);
  if (!isValid(date)) return 'Date not available';
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${formatDisplayDate(date)} at ${time}`;
}

/** True for days before today (today itself can be chosen). */
export function isPastDate(date: Date, today: Date = new Date()): boolean {
  return startOfDay(date) < startOfDay(today);
}

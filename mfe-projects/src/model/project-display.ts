import {
  formatDisplayDate,
  type LanguageKey,
  languagesToText,
  type Project,
  parseIsoDate,
} from '@trek/shared';

/** How a status reads and the colour of its dot (docs/product/projects.md, "A project as read"). */
export interface StatusDisplay {
  label: string;
  color: 'yellow' | 'green' | 'gray';
}

// A Map, not an object: a status named like an inherited property ('constructor') is unknown too.
const STATUSES: ReadonlyMap<string, StatusDisplay> = new Map([
  ['pending', { label: 'Pending guide responses', color: 'yellow' }],
  ['active', { label: 'Active booking', color: 'green' }],
  ['completed', { label: 'Completed', color: 'gray' }],
]);

export function statusDisplay(status: string): StatusDisplay {
  return STATUSES.get(status) ?? { label: 'Unknown status', color: 'gray' };
}

/** '1 traveler', '4 travelers'; 'Not set' when the project has no group size. */
export function travelersText(count: number | null): string {
  if (count === null) return 'Not set';
  return `${count} ${count === 1 ? 'traveler' : 'travelers'}`;
}

/** 'Mon 05 Jan 2026' for a yyyy-MM-dd date; '' for none or an unreadable one. */
export function displayDate(iso: string | null): string {
  const date = parseIsoDate(iso);
  return date ? formatDisplayDate(date) : '';
}

/** 'Mon 05 Jan 2026 – Thu 08 Jan 2026', 'From Mon 05 Jan 2026', or 'Dates not set'. */
export function dateRangeText(start: string | null, end: string | null): string {
  const [from, to] = [displayDate(start), displayDate(end)];
  if (from && to && from !== to) return `${from} – ${to}`;
  if (from) return to ? from : `From ${from}`;
  return 'Dates not set';
}

/** Flexibility around the dates: '±2 days', '±1 day', 'No flexibility' (0) or 'Fixed dates'. */
export function flexibilityText(flexible: boolean | null, windowDays: number | null): string {
  if (!flexible) return 'Fixed dates';
  if (!windowDays) return 'No flexibility';
  return `±${windowDays} ${windowDays === 1 ? 'day' : 'days'}`;
}

/** 'English, Spanish'; 'Not set' for none. */
export function languagesText(keys: readonly LanguageKey[]): string {
  return languagesToText(keys) || 'Not set';
}

/** A project's trek: its destination, else its title. */
export function trekOf(project: Pick<Project, 'destination' | 'title'>): string {
  return project.destination || project.title;
}

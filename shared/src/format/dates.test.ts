import { describe, expect, it } from 'vitest';
import {
  addNightsIso,
  formatCreatedAt,
  formatDisplayDate,
  isPastDate,
  latestStartIso,
  parseIsoDate,
  toIsoDate,
  WEEK_STARTS_ON,
} from './dates';

describe('en-GB dates', () => {
  it("displays dates like 'Mon 05 Jan 2026', every month and weekday by its three letters", () => {
    expect(formatDisplayDate(new Date(2026, 0, 5))).toBe('Mon 05 Jan 2026');
    expect(formatDisplayDate(new Date(2026, 8, 13))).toBe('Sun 13 Sep 2026');
    const months = Array.from({ length: 12 }, (_, month) =>
      formatDisplayDate(new Date(2026, month, 1)).slice(7, 10),
    );
    expect(months).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    const weekdays = Array.from({ length: 7 }, (_, day) =>
      formatDisplayDate(new Date(2026, 0, 5 + day)).slice(0, 3),
    );
    expect(weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('starts weeks on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
  });

  it('reads and writes yyyy-MM-dd in local time, refusing impossible dates', () => {
    const date = parseIsoDate('2026-02-28');
    expect(date && toIsoDate(date)).toBe('2026-02-28');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('05/01/2026')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    // Other ISO 8601 forms are not the wizard's dates.
    for (const other of ['20260105', '2026-01-05T10:00', '2026-W02-1', '2026-005', '2026-1-5']) {
      expect(parseIsoDate(other)).toBeNull();
    }
  });

  it('reads a date as a local date, midnight where the traveller is', () => {
    const date = parseIsoDate('2026-01-05');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate(), date?.getHours()]).toEqual([
      2026, 0, 5, 0,
    ]);
  });

  it('adds nights to a start date, blank without a start', () => {
    expect(addNightsIso('2026-01-30', 4)).toBe('2026-02-03');
    expect(addNightsIso('2026-01-30', 0)).toBe('2026-01-30');
    expect(addNightsIso('', 3)).toBe('');
  });

  it("formats the created date with weekday, ' at' and 24 h time, or 'Date not available'", () => {
    expect(formatCreatedAt(new Date(2026, 0, 5, 14, 30).toISOString())).toBe(
      'Mon 05 Jan 2026 at 14:30',
    );
    expect(formatCreatedAt(new Date(2026, 11, 31, 9, 5).toISOString())).toBe(
      'Thu 31 Dec 2026 at 09:05',
    );
    expect(formatCreatedAt('not a date')).toBe('Date not available');
    expect(formatCreatedAt(null)).toBe('Date not available');
  });

  it('treats days before today as past, today as choosable', () => {
    const today = new Date(2026, 0, 5, 9);
    expect(isPastDate(new Date(2026, 0, 4, 23), today)).toBe(true);
    expect(isPastDate(new Date(2026, 0, 5, 0), today)).toBe(false);
  });
});

describe('latestStartIso', () => {
  it('is the last start whose end date, start plus the nights, is still within 2100', () => {
    expect(latestStartIso(0)).toBe('2100-12-31');
    expect(latestStartIso(4)).toBe('2100-12-27');
    expect(addNightsIso(latestStartIso(11), 11)).toBe('2100-12-31');
  });
});

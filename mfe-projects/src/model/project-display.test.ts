import { describe, expect, it } from 'vitest';
import {
  dateRangeText,
  flexibilityText,
  statusDisplay,
  travelersText,
  trekOf,
} from './project-display';

describe('how a project reads', () => {
  it('maps each status to its wording and dot colour, anything else to Unknown status', () => {
    expect(statusDisplay('pending')).toEqual({ label: 'Pending guide responses', color: 'yellow' });
    expect(statusDisplay('active')).toEqual({ label: 'Active booking', color: 'green' });
    expect(statusDisplay('completed')).toEqual({ label: 'Completed', color: 'gray' });
    expect(statusDisplay('archived')).toEqual({ label: 'Unknown status', color: 'gray' });
    expect(statusDisplay('')).toEqual({ label: 'Unknown status', color: 'gray' });
    // The names every object inherits are statuses like any other unknown one.
    for (const inherited of ['constructor', 'toString', '__proto__']) {
      expect(statusDisplay(inherited), inherited).toEqual({
        label: 'Unknown status',
        color: 'gray',
      });
    }
  });

  it('says traveler for one and travelers for more', () => {
    expect(travelersText(1)).toBe('1 traveler');
    expect(travelersText(2)).toBe('2 travelers');
    expect(travelersText(10)).toBe('10 travelers');
    expect(travelersText(null)).toBe('Not set');
  });

  it("shows dates like 'Mon 05 Jan 2026 – Thu 08 Jan 2026'", () => {
    expect(dateRangeText('2026-01-05', '2026-01-08')).toBe('Mon 05 Jan 2026 – Thu 08 Jan 2026');
    expect(dateRangeText('2026-01-05', '2026-01-05')).toBe('Mon 05 Jan 2026');
    expect(dateRangeText('2026-01-05', null)).toBe('From Mon 05 Jan 2026');
    expect(dateRangeText(null, null)).toBe('Dates not set');
    expect(dateRangeText('2026-02-30', null)).toBe('Dates not set');
  });

  it("shows flexibility as '±n days', 0 as 'No flexibility'", () => {
    expect(flexibilityText(true, 2)).toBe('±2 days');
    expect(flexibilityText(true, 3)).toBe('±3 days');
    expect(flexibilityText(true, 1)).toBe('±1 day');
    expect(flexibilityText(true, 0)).toBe('No flexibility');
    expect(flexibilityText(false, null)).toBe('Fixed dates');
    expect(flexibilityText(null, 2)).toBe('Fixed dates');
  });

  it('names the trek by destination, else by title', () => {
    expect(trekOf({ destination: 'Ausangate', title: 'Trek Request' })).toBe('Ausangate');
    expect(trekOf({ destination: null, title: 'Trek Request' })).toBe('Trek Request');
  });
});

import { describe, expect, it } from 'vitest';
import { flexibilitySuffix } from './project-summary-card';

const dates = { start: '2026-05-10', end: '2026-05-14' };

describe('flexibilitySuffix', () => {
  it("reads '(±1 day)' for one day and '(±n days)' for more, as everywhere else", () => {
    expect(flexibilitySuffix({ ...dates, flexible: true, flexibilityWindowDays: 1 })).toBe(
      ' (±1 day)',
    );
    expect(flexibilitySuffix({ ...dates, flexible: true, flexibilityWindowDays: 3 })).toBe(
      ' (±3 days)',
    );
  });

  it('adds nothing to fixed dates', () => {
    expect(flexibilitySuffix({ ...dates, flexible: false, flexibilityWindowDays: null })).toBe('');
  });
});

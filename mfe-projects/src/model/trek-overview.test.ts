import type { OriginalFormData } from '@trek/shared';
import { buildProject } from '@trek/shared/testing/builders';
import { describe, expect, it } from 'vitest';
import { trekOverviewOf } from './trek-overview';

const project = buildProject({
  id: 'p1',
  destination: 'Lares',
  startDate: '2030-01-07',
  endDate: '2030-01-10',
  duration: '4 days / 3 nights',
  groupSize: 2,
  language: 'English, Spanish',
  flexible: true,
  flexibilityWindowDays: 2,
});

const saved: OriginalFormData = {
  projectId: 'p1',
  trek: 'Lares',
  dates: { start: '2030-01-07', end: '2030-01-10', flexible: true, flexibilityWindowDays: 2 },
  duration: '4 days / 3 nights',
  travelers: 2,
};

describe("the project page's Trek Overview", () => {
  it("shows the server's fields when nothing is saved in this browser", () => {
    expect(trekOverviewOf(project, null)).toMatchObject({
      trek: 'Lares',
      startDate: '2030-01-07',
      endDate: '2030-01-10',
      duration: '4 days / 3 nights',
      travelers: 2,
      languages: 'English, Spanish',
      flexible: true,
      flexibilityWindowDays: 2,
    });
  });

  it('prefers the saved answers of this project, which fill what the server lacks', () => {
    const older = { ...project, duration: null, groupSize: null };
    expect(trekOverviewOf(older, saved)).toMatchObject({
      duration: '4 days / 3 nights',
      travelers: 2,
    });
  });

  it('ignores answers saved for another project, or that an edit made stale', () => {
    const other = { ...saved, projectId: 'p2', duration: '6 days / 5 nights' };
    expect(trekOverviewOf({ ...project, duration: null }, other).duration).toBeNull();
    const edited = { ...project, groupSize: 5, duration: null };
    expect(trekOverviewOf(edited, saved)).toMatchObject({ travelers: 5, duration: null });
  });

  it('shows the flexibility window of an edit that changed only the window', () => {
    const narrowed = { ...project, flexibilityWindowDays: 1, duration: null };
    // The older answers no longer describe it: none of them fills the gap either.
    expect(trekOverviewOf(narrowed, saved)).toMatchObject({
      flexible: true,
      flexibilityWindowDays: 1,
      duration: null,
    });
  });

  it('picks the image by keywords in destination or title', () => {
    const lares = trekOverviewOf(project, null).image;
    // The destination decides, even when the title still names the trek it was created for.
    expect(trekOverviewOf({ ...project, destination: 'Huayhuash' }, null).image).not.toBe(lares);
    expect(trekOverviewOf({ ...project, destination: null, title: 'Lares' }, null).image).toBe(
      lares,
    );
  });
});

import { buildProject } from '@trek/shared/testing/builders';
import { describe, expect, it } from 'vitest';
import { languagesFromText, languagesToText } from './project';
import {
  type EditableProject,
  editableProjectOf,
  endDateOf,
  mergeProjectUpdate,
  projectUpdateBodySchema,
} from './project-update';

const lares: EditableProject = {
  destination: 'Lares',
  duration: '4 days / 3 nights',
  startDate: '2030-01-07',
  flexible: true,
  flexibilityWindowDays: 2,
  groupSize: 2,
  languages: ['english', 'spanish'],
};

const parse = (body: unknown) => projectUpdateBodySchema.parse(body);

describe('the edit of a project, shared by the edit page and the API', () => {
  it("reads and writes a project's languages as 'English, Spanish'", () => {
    expect(languagesFromText('English, Spanish')).toEqual(['english', 'spanish']);
    expect(languagesFromText(' french,ENGLISH, Klingon, french')).toEqual(['french', 'english']);
    expect(languagesFromText(null)).toEqual([]);
    expect(languagesToText(['spanish', 'english'])).toBe('Spanish, English');
  });

  it('starts from the project as read', () => {
    expect(
      editableProjectOf(
        buildProject({ language: 'English, French', flexible: false, flexibilityWindowDays: 2 }),
      ),
    ).toEqual({
      destination: 'Lares',
      duration: '4 days / 3 nights',
      startDate: '2030-01-07',
      flexible: false,
      flexibilityWindowDays: null,
      groupSize: 1,
      languages: ['english', 'french'],
    });
  });

  it('computes the end date from the start and the nights, none without a start', () => {
    expect(endDateOf('2030-01-07', '5 days / 4 nights')).toBe('2030-01-11');
    expect(endDateOf('2030-01-07', null)).toBe('2030-01-07');
    expect(endDateOf(null, '5 days / 4 nights')).toBeNull();
  });

  it('reads groupSize and the window as text, languages as one string, treks by name', () => {
    expect(
      parse({
        groupSize: '10',
        flexibilityWindowDays: '0',
        language: 'spanish, English',
        destination: 'salkantay',
      }),
    ).toEqual({
      groupSize: 10,
      flexibilityWindowDays: 0,
      language: ['spanish', 'english'],
      destination: 'Salkantay',
    });
    expect(parse({ flexibilityWindowDays: null })).toEqual({ flexibilityWindowDays: null });
    for (const body of [
      { groupSize: '0' },
      { groupSize: 3 },
      { groupSize: '03' },
      { flexibilityWindowDays: '4' },
      { destination: 'Inca Trail' },
      { language: 'English,' },
      { status: 'completed' },
      {},
    ]) {
      expect(projectUpdateBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('merges a change into the project: the end date follows the start and the duration', () => {
    const merged = mergeProjectUpdate(lares, parse({ duration: '6 days / 5 nights' }));
    expect(merged.problem).toBeNull();
    expect(merged.next.duration).toBe('6 days / 5 nights');
    expect(merged.endDate).toBe('2030-01-12');
    // Travelers alone leave the dates as they are.
    expect(mergeProjectUpdate(lares, parse({ groupSize: '3' })).endDate).toBeUndefined();
  });

  it('refuses a duration the trek does not offer, also after a trek change', () => {
    expect(mergeProjectUpdate(lares, parse({ duration: '8 days / 7 nights' })).problem).toBe(
      'duration: must be one of the durations of Lares',
    );
    expect(mergeProjectUpdate(lares, parse({ destination: 'Huayhuash' })).problem).toBe(
      'duration: must be one of the durations of Huayhuash',
    );
    expect(
      mergeProjectUpdate(lares, parse({ destination: 'Huayhuash', duration: '8 days / 7 nights' }))
        .problem,
    ).toBeNull();
  });

  it('keeps a window only while flexible, and needs one when flexible', () => {
    const fixed = mergeProjectUpdate(lares, parse({ flexible: false }));
    expect(fixed.problem).toBeNull();
    expect(fixed.next.flexibilityWindowDays).toBeNull();
    expect(
      mergeProjectUpdate(lares, parse({ flexible: false, flexibilityWindowDays: '1' })).problem,
    ).toBe('flexibilityWindowDays: applies only when flexible is true');
    const rigid = { ...lares, flexible: false, flexibilityWindowDays: null };
    expect(mergeProjectUpdate(rigid, parse({ flexible: true })).problem).toBe(
      'flexibilityWindowDays: is required when flexible is true',
    );
    expect(mergeProjectUpdate(rigid, parse({ flexibilityWindowDays: '1' })).problem).toBe(
      'flexibilityWindowDays: applies only when flexible is true',
    );
  });

  it('does not check again what the change leaves alone (an old project without a duration)', () => {
    const old = { ...lares, duration: null };
    expect(mergeProjectUpdate(old, parse({ groupSize: '4' })).problem).toBeNull();
  });
});

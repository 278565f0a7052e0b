import { describe, expect, it } from 'vitest';
import type { EditableProject } from '../schemas/project-update';
import {
  clearProjectEditDraft,
  readProjectEditDraft,
  sameEditableProject,
  saveProjectEditDraft,
} from './project-edit-draft';
import { forgetAccountRequests } from './storage';

const ID = '6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90';
const from: EditableProject = {
  destination: 'Lares',
  duration: '4 days / 3 nights',
  startDate: '2030-01-07',
  flexible: false,
  flexibilityWindowDays: null,
  groupSize: 2,
  languages: ['english'],
};

describe('the edit page draft', () => {
  it('is kept per project in this tab, and forgotten when cleared', () => {
    saveProjectEditDraft(ID, { from, form: { ...from, groupSize: 4 } });
    expect(readProjectEditDraft(ID)?.form.groupSize).toBe(4);
    expect(readProjectEditDraft('another-project')).toBeNull();
    clearProjectEditDraft(ID);
    expect(readProjectEditDraft(ID)).toBeNull();
  });

  it('goes with a sign-out, for every project, and nothing else of the tab goes', () => {
    const other = '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a';
    saveProjectEditDraft(ID, { from, form: { ...from, groupSize: 4 } });
    saveProjectEditDraft(other, { from, form: { ...from, groupSize: 5 } });
    window.sessionStorage.setItem('another.site.key', 'kept');
    forgetAccountRequests();
    expect(readProjectEditDraft(ID)).toBeNull();
    expect(readProjectEditDraft(other)).toBeNull();
    expect(window.sessionStorage.getItem('another.site.key')).toBe('kept');
  });

  it('is dropped when it is not one this code can read', () => {
    const key = `trek.projectEditDraft.${ID}`;
    window.sessionStorage.setItem(
      key,
      JSON.stringify({ from, form: { ...from, languages: ['klingon'] } }),
    );
    expect(readProjectEditDraft(ID)).toBeNull();
    expect(window.sessionStorage.getItem(key)).toBeNull();
    window.sessionStorage.setItem(key, '{not json');
    expect(readProjectEditDraft(ID)).toBeNull();
  });

  it('compares a project by its values, the languages in any order', () => {
    const two = { ...from, languages: ['english', 'spanish'] } as const;
    expect(
      sameEditableProject(
        { ...two, languages: ['spanish', 'english'] },
        { ...two, languages: ['english', 'spanish'] },
      ),
    ).toBe(true);
    expect(sameEditableProject(from, { ...from, startDate: '2030-01-08' })).toBe(false);
    expect(sameEditableProject(from, { ...from, languages: ['english', 'french'] })).toBe(false);
  });
});

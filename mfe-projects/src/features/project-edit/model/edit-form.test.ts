import { buildProject } from '@trek/shared/testing/builders';
import { describe, expect, it } from 'vitest';
import {
  changesBetween,
  chooseDuration,
  chooseStartDate,
  chooseTrek,
  editedFields,
  endDateOfForm,
  formOf,
  needsDuration,
  problemWith,
  restoreField,
  reviewHint,
  setFlexibilityWindow,
  setFlexible,
  setLanguages,
  setTravelers,
  travelersFrom,
  updateBodyOf,
} from './edit-form';

const project = buildProject({
  destination: 'Lares',
  title: 'Lares',
  duration: '4 days / 3 nights',
  startDate: '2030-01-07',
  endDate: '2030-01-10',
  groupSize: 2,
  language: 'Spanish, English',
  flexible: true,
  flexibilityWindowDays: 2,
});
const original = formOf(project);
const TODAY = '2030-01-01';

describe('the edit form', () => {
  it('starts as a copy of the project, nothing edited', () => {
    expect(original).toEqual({
      destination: 'Lares',
      duration: '4 days / 3 nights',
      startDate: '2030-01-07',
      flexible: true,
      flexibilityWindowDays: 2,
      groupSize: 2,
      languages: ['english', 'spanish'],
    });
    expect(editedFields(original, original).size).toBe(0);
    expect(changesBetween(project, original)).toEqual([]);
    expect(updateBodyOf(project, original)).toEqual({});
  });

  it('clears the duration when a new trek is chosen, and asks for one until it is picked', () => {
    const newTrek = chooseTrek(original, 'Salkantay', original);
    expect(newTrek.duration).toBeNull();
    expect(needsDuration(original, newTrek)).toBe(true);
    expect(endDateOfForm(newTrek)).toBeNull();
    const picked = chooseDuration(newTrek, '5 days / 4 nights');
    expect(needsDuration(original, picked)).toBe(false);
    // The same trek again changes nothing; coming back to it brings its duration back.
    expect(chooseTrek(original, 'Lares', original)).toBe(original);
    expect(chooseTrek(newTrek, 'Lares', original)).toEqual(original);
  });

  it('recomputes the end date from the start and the nights of the duration', () => {
    expect(endDateOfForm(original)).toBe('2030-01-10');
    expect(endDateOfForm(chooseDuration(original, '6 days / 5 nights'))).toBe('2030-01-12');
    expect(endDateOfForm(chooseStartDate(original, '2030-02-27'))).toBe('2030-03-02');
  });

  it('keeps travelers between 1 and 10; anything not a number reads 1', () => {
    expect(travelersFrom(4)).toBe(4);
    expect(travelersFrom('7')).toBe(7);
    expect(travelersFrom('')).toBe(1);
    expect(travelersFrom('abc')).toBe(1);
    expect(travelersFrom(0)).toBe(1);
    expect(travelersFrom(14)).toBe(10);
    expect(setTravelers(original, 3).groupSize).toBe(3);
  });

  it('keeps a flexibility window only while the dates are flexible', () => {
    const fixed = setFlexible(original, false, original);
    expect(fixed.flexibilityWindowDays).toBeNull();
    expect(setFlexibilityWindow(fixed, 3)).toBe(fixed);
    expect(setFlexible(fixed, true, original).flexibilityWindowDays).toBe(2);
    const none = { ...original, flexible: false, flexibilityWindowDays: null };
    expect(setFlexible(none, true, none).flexibilityWindowDays).toBe(1);
    expect(setFlexibilityWindow(original, 0).flexibilityWindowDays).toBe(0);
  });

  it('sees every kind of change, and marks the edited fields', () => {
    let form = chooseDuration(chooseTrek(original, 'Salkantay', original), '5 days / 4 nights');
    form = setFlexibilityWindow(form, 0);
    form = setTravelers(form, 1);
    form = setLanguages(form, ['french']);
    expect([...editedFields(original, form)]).toEqual([
      'trek',
      'duration',
      'dates',
      'travelers',
      'languages',
    ]);
    expect(changesBetween(project, form)).toEqual([
      { field: 'trek', label: 'Trek', before: 'Lares', after: 'Salkantay' },
      {
        field: 'duration',
        label: 'Duration',
        before: '4 days / 3 nights',
        after: '5 days / 4 nights',
      },
      {
        field: 'dates',
        label: 'Dates',
        before: 'Mon 07 Jan 2030 – Thu 10 Jan 2030',
        after: 'Mon 07 Jan 2030 – Fri 11 Jan 2030',
      },
      { field: 'flexibility', label: 'Flexibility', before: '±2 days', after: 'No flexibility' },
      { field: 'travelers', label: 'Travelers', before: '2 travelers', after: '1 traveler' },
      { field: 'languages', label: 'Languages', before: 'English, Spanish', after: 'French' },
    ]);
  });

  it('sends only the changed fields, groupSize and the window as text', () => {
    expect(updateBodyOf(project, setTravelers(original, 3))).toEqual({ groupSize: '3' });
    expect(updateBodyOf(project, chooseStartDate(original, '2030-02-04'))).toEqual({
      startDate: '2030-02-04',
      endDate: '2030-02-07',
    });
    expect(updateBodyOf(project, setFlexible(original, false, original))).toEqual({
      flexible: false,
      flexibilityWindowDays: null,
    });
    expect(updateBodyOf(project, setFlexibilityWindow(original, 3))).toEqual({
      flexibilityWindowDays: '3',
    });
    expect(updateBodyOf(project, setLanguages(original, ['spanish', 'french']))).toEqual({
      language: 'French, Spanish',
    });
    const trek = chooseDuration(chooseTrek(original, 'Huayhuash', original), '8 days / 7 nights');
    expect(updateBodyOf(project, trek)).toEqual({
      destination: 'Huayhuash',
      duration: '8 days / 7 nights',
      endDate: '2030-01-14',
    });
    // The same languages in another order are no change.
    expect(updateBodyOf(project, setLanguages(original, ['spanish', 'english']))).toEqual({});
  });

  it('checks a body by the rules the API applies', () => {
    const body = (form: typeof original) => updateBodyOf(project, form);
    expect(problemWith(project, body(setTravelers(original, 4)), TODAY)).toBeNull();
    expect(problemWith(project, body(setLanguages(original, [])), TODAY)).toMatch(/^language/);
    expect(problemWith(project, { destination: 'Huayhuash' }, TODAY)).toBe(
      'duration: must be one of the durations of Huayhuash',
    );
    expect(problemWith(project, body(chooseStartDate(original, '2029-12-31')), TODAY)).toBe(
      'startDate: must not be in the past',
    );
  });

  it('says what stops the review: a start in the past, or one whose trek would end after 2100', () => {
    const hint = (form: typeof original) =>
      reviewHint(form, false, problemWith(project, updateBodyOf(project, form), TODAY), TODAY);
    expect(hint(chooseStartDate(original, '2029-12-31'))).toBe('Choose a start date from today on');
    // 4 days / 3 nights: the last start is 28 December 2100.
    expect(hint(chooseStartDate(original, '2100-12-28'))).toBeNull();
    expect(hint(chooseStartDate(original, '2100-12-29'))).toBe('Choose an earlier start date');
    expect(hint(chooseStartDate(original, '2101-01-03'))).toBe('Choose an earlier start date');
    // The start 'Confirm changes' found passed, until another is chosen.
    const passed = chooseStartDate(original, '2029-12-31');
    const problem = problemWith(project, updateBodyOf(project, passed), TODAY);
    expect(reviewHint(passed, false, problem, TODAY, '2029-12-31')).toBe(
      'Your start date has passed. Please choose a new one.',
    );
    expect(reviewHint(passed, false, problem, TODAY, '2029-12-30')).toBe(
      'Choose a start date from today on',
    );
  });

  it('restores one field from the project on cancel, the dates with their flexibility', () => {
    const edited = setTravelers(
      setFlexible(chooseStartDate(original, '2030-03-01'), false, original),
      5,
    );
    const dates = restoreField(edited, original, 'dates');
    expect(dates).toMatchObject({
      startDate: '2030-01-07',
      flexible: true,
      flexibilityWindowDays: 2,
    });
    expect(dates.groupSize).toBe(5);
    expect(restoreField(edited, original, 'travelers').groupSize).toBe(2);

    const newTrek = chooseTrek(original, 'Huayhuash', original);
    expect(restoreField(newTrek, original, 'trek')).toEqual(original);
    // A duration the new trek also offers stays when the trek is restored.
    const salkantay = chooseDuration(
      chooseTrek(original, 'Salkantay', original),
      '5 days / 4 nights',
    );
    expect(restoreField(salkantay, original, 'trek').duration).toBe('5 days / 4 nights');
  });

  it('restores the duration on cancel, or leaves it to be chosen when a new trek lacks it', () => {
    const lares = chooseDuration(original, '5 days / 4 nights');
    expect(restoreField(lares, original, 'duration')).toEqual(original);
    // A new trek that offers the project's duration gets it back.
    const salkantay = chooseDuration(
      chooseTrek(original, 'Salkantay', original),
      '5 days / 4 nights',
    );
    expect(restoreField(salkantay, original, 'duration').duration).toBe('4 days / 3 nights');

    // Salkantay's '2 days / 1 night' is not Lares's: the picked duration is not kept either.
    const express = formOf(
      buildProject({
        ...project,
        destination: 'Salkantay',
        duration: '2 days / 1 night',
        endDate: '2030-01-08',
      }),
    );
    const picked = chooseDuration(chooseTrek(express, 'Lares', express), '3 days / 2 nights');
    const cancelled = restoreField(picked, express, 'duration');
    expect(cancelled).toEqual({ ...picked, duration: null });
    expect(editedFields(express, cancelled)).toEqual(new Set(['trek', 'duration']));
    expect(needsDuration(express, cancelled)).toBe(true);
    expect(endDateOfForm(cancelled)).toBeNull();

    // The project's own trek keeps its duration, even one the catalogue no longer offers.
    const retired = formOf(buildProject({ ...project, duration: '9 days / 8 nights' }));
    const changed = chooseDuration(retired, '4 days / 3 nights');
    expect(restoreField(changed, retired, 'duration')).toEqual(retired);
  });
});

import { wizardFormDataSchema } from '@trek/shared';
import { describe, expect, it } from 'vitest';
import {
  canGoTo,
  emptyFormData,
  endDateFor,
  firstIncompleteStep,
  isPastStart,
  isReadyToSubmit,
  isStepComplete,
  nextStep,
  previousStep,
  progressPercent,
  restoredAnswers,
  restoreStep,
  selectDuration,
  selectStartDate,
  selectTrek,
  setFlexibilityWindow,
  setFlexible,
  setTravelers,
  toCreateProjectBody,
  toggleLanguage,
  withoutPastStart,
} from './wizard-state';

const complete = () => {
  let data = selectTrek(emptyFormData(), 'Salkantay');
  data = selectDuration(data, '5 days / 4 nights');
  data = selectStartDate(data, '2030-01-07');
  return toggleLanguage(data, 'english');
};

describe('wizard steps', () => {
  it('starts empty with one traveler and no language', () => {
    const data = emptyFormData();
    expect(data.trek).toBe('');
    expect(data.travelers).toBe(1);
    expect(data.languages).toEqual([]);
    expect(isStepComplete(0, data)).toBe(false);
  });

  it('step 1 needs a choosable trek: Inca Trail is refused', () => {
    expect(selectTrek(emptyFormData(), 'Inca Trail').trek).toBe('');
    expect(isStepComplete(0, selectTrek(emptyFormData(), 'Lares'))).toBe(true);
  });

  it('step 2 needs a duration of the chosen trek', () => {
    const data = selectTrek(emptyFormData(), 'Lares');
    expect(selectDuration(data, '12 days / 11 nights').duration).toBe('');
    expect(isStepComplete(1, selectDuration(data, '4 days / 3 nights'))).toBe(true);
  });

  it('changing the trek clears a duration the new trek lacks and keeps one it has', () => {
    const lares = selectDuration(selectTrek(emptyFormData(), 'Lares'), '4 days / 3 nights');
    expect(selectTrek(lares, 'Salkantay').duration).toBe('4 days / 3 nights');
    expect(selectTrek(lares, 'Huayhuash').duration).toBe('');
  });

  it('computes the end date from the start and the nights, and recomputes on changes', () => {
    expect(endDateFor('2030-01-07', '5 days / 4 nights')).toBe('2030-01-11');
    expect(endDateFor('2030-01-07', 'no nights here')).toBe('2030-01-07');
    expect(endDateFor('', '5 days / 4 nights')).toBe('');
    const data = complete();
    expect(data.dates.end).toBe('2030-01-11');
    expect(data.dates.baseDate).toBe('2030-01-07');
    expect(selectDuration(data, '2 days / 1 night').dates.end).toBe('2030-01-08');
    expect(selectTrek(data, 'Huayhuash').dates.end).toBe('2030-01-07');
  });

  it('asks again for a start a longer duration would carry past 2100, which the saved answers cannot hold', () => {
    let data = selectDuration(selectTrek(emptyFormData(), 'Salkantay'), '2 days / 1 night');
    data = selectStartDate(data, '2100-12-30');
    expect(data.dates.end).toBe('2100-12-31');
    const longer = selectDuration(data, '5 days / 4 nights');
    expect(longer.dates).toMatchObject({ start: '', end: '', baseDate: '' });
    expect(wizardFormDataSchema.safeParse(longer).success).toBe(true);
    expect(selectDuration(selectStartDate(data, '2100-12-27'), '5 days / 4 nights').dates.end).toBe(
      '2100-12-31',
    );
  });

  it("'No' sets flexible false with no window; 'Yes' sets a window of 1", () => {
    const yes = setFlexible(complete(), true);
    expect(yes.dates).toMatchObject({ flexible: true, flexibilityWindowDays: 1 });
    expect(setFlexibilityWindow(yes, 3).dates.flexibilityWindowDays).toBe(3);
    const no = setFlexible(setFlexibilityWindow(yes, 3), false);
    expect(no.dates).toMatchObject({ flexible: false, flexibilityWindowDays: null });
    expect(setFlexibilityWindow(no, 2).dates.flexibilityWindowDays).toBeNull();
  });

  it('step 3 needs start and end, and a window when flexible', () => {
    const data = complete();
    expect(isStepComplete(2, data)).toBe(true);
    const flexibleWithoutWindow = {
      ...data,
      dates: { ...data.dates, flexible: true, flexibilityWindowDays: null },
    };
    expect(isStepComplete(2, flexibleWithoutWindow)).toBe(false);
  });

  it('step 3 needs, when flexible, a window the wizard offers: 0 (which the API refuses) is none', () => {
    const zero = {
      ...complete(),
      dates: { ...complete().dates, flexible: true, flexibilityWindowDays: 0 },
    };
    expect(isStepComplete(2, zero)).toBe(false);
    expect(isReadyToSubmit(zero)).toBe(false);
    expect(setFlexibilityWindow(setFlexible(complete(), true), 0).dates.flexibilityWindowDays).toBe(
      1,
    );
    // Restored answers with it ask the question again; an offered window is kept.
    const restored = restoredAnswers(zero, new Date(2030, 0, 1));
    expect(restored.dates).toMatchObject({ flexible: true, flexibilityWindowDays: null });
    expect(firstIncompleteStep(restored)).toBe(2);
    const two = setFlexibilityWindow(setFlexible(complete(), true), 2);
    expect(restoredAnswers(two, new Date(2030, 0, 1))).toEqual(two);
    // Fixed dates keep no window, as 'No' sets none.
    const fixed = { ...complete(), dates: { ...complete().dates, flexibilityWindowDays: 2 } };
    expect(restoredAnswers(fixed, new Date(2030, 0, 1)).dates.flexibilityWindowDays).toBeNull();
  });

  it('step 3 is not complete with a start date that has passed, which restored answers drop', () => {
    const today = new Date(2030, 0, 7, 9);
    expect(isPastStart('2030-01-06', today)).toBe(true);
    expect(isPastStart('2030-01-07', new Date(2030, 0, 7, 23, 59))).toBe(false);
    expect(isPastStart('', today)).toBe(false);
    const past = selectStartDate(complete(), '2020-01-01');
    expect(isStepComplete(2, past)).toBe(false);
    expect(isReadyToSubmit(past)).toBe(false);
    const restored = withoutPastStart(setFlexible(past, true));
    expect(restored.dates).toEqual({
      flexible: true,
      flexibilityWindowDays: 1,
      start: '',
      end: '',
      baseDate: '',
    });
    expect(restored.languages).toEqual(['english']);
    expect(firstIncompleteStep(restored)).toBe(2);
    expect(withoutPastStart(complete(), today)).toEqual(complete());
  });

  it('step 4 needs travelers above 0 and at least one language', () => {
    const data = complete();
    expect(isStepComplete(3, data)).toBe(true);
    expect(isStepComplete(3, toggleLanguage(data, 'english'))).toBe(false);
    expect(setTravelers(data, 0).travelers).toBe(1);
    expect(setTravelers(data, 14).travelers).toBe(10);
  });

  it('moves forward only when the current step is complete, back except on step 1', () => {
    const empty = emptyFormData();
    expect(nextStep(0, empty)).toBe(0);
    expect(nextStep(0, selectTrek(empty, 'Lares'))).toBe(1);
    expect(nextStep(3, complete())).toBe(3);
    expect(previousStep(0)).toBe(0);
    expect(previousStep(2)).toBe(1);
    expect(canGoTo(3, complete())).toBe(true);
    expect(canGoTo(2, selectTrek(empty, 'Lares'))).toBe(false);
  });

  it('resumes a restored wizard at the first step still to answer', () => {
    expect(firstIncompleteStep(emptyFormData())).toBe(0);
    expect(firstIncompleteStep(selectTrek(emptyFormData(), 'Lares'))).toBe(1);
    expect(firstIncompleteStep(complete())).toBe(3);
  });

  it('returns to the step the page was on when the answers allow it, else the first open one', () => {
    const lares = selectTrek(emptyFormData(), 'Lares');
    // Went back to an answered step: that step, not the first one still open.
    expect(restoreStep(0, complete())).toBe(0);
    expect(restoreStep(1, complete())).toBe(1);
    expect(restoreStep(3, complete())).toBe(3);
    // A step the answers no longer reach (cleared in another tab), or nothing usable kept.
    expect(restoreStep(3, lares)).toBe(1);
    expect(restoreStep(2, emptyFormData())).toBe(0);
    for (const kept of [undefined, null, '2', 1.5, -1, 4, Number.NaN])
      expect(restoreStep(kept, lares), String(kept)).toBe(1);
  });

  it('is ready to submit only with every answer', () => {
    expect(isReadyToSubmit(complete())).toBe(true);
    expect(isReadyToSubmit(toggleLanguage(complete(), 'english'))).toBe(false);
  });

  it("shows progress as 'N out of 4' in percent", () => {
    expect(progressPercent(0)).toBe(25);
    expect(progressPercent(3)).toBe(100);
  });

  it('builds the project body with the fixed defaults', () => {
    const body = toCreateProjectBody(setTravelers(complete(), 2));
    expect(body).toMatchObject({
      title: 'Salkantay',
      description: '5 days / 4 nights trek for 2 travellers',
      destination: 'Salkantay',
      startDate: '2030-01-07',
      endDate: '2030-01-11',
      maxBudget: 'TBD',
      groupSize: 2,
      difficulty: 'medium',
    });
    expect(body.formData.languages).toEqual(['english']);
    expect(toCreateProjectBody(emptyFormData()).title).toBe('Trek Request');
  });
});

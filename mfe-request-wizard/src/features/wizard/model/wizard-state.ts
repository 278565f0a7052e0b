import {
  addNightsIso,
  type CreateProjectBody,
  getDurationOptions,
  isDurationAvailable,
  isTrekSelectable,
  type LanguageKey,
  nightsFromDuration,
  toIsoDate,
  trekRequestDescription,
  type WizardFormData,
  wizardFormDataSchema,
} from '@trek/shared';

/** The four steps, in order (docs/product/wizard.md, "Steps"). */
export const WIZARD_STEPS = ['Trek', 'Duration', 'Dates', 'Preferences'] as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;
export type StepIndex = 0 | 1 | 2 | 3;

export const MIN_TRAVELERS = 1;
export const MAX_TRAVELERS = 10;
export const FLEXIBILITY_OPTIONS = [1, 2, 3] as const;

/**
 * A window the wizard offers (spec section 9: 1, 2 or 3 days). The answers' schema takes 0 too
 * (the edit page offers it), but the API refuses a flexible request with 0, so 0 is no window.
 */
export function isOfferedWindow(days: number | null): boolean {
  return FLEXIBILITY_OPTIONS.some((offered) => offered === days);
}
/** Delay before moving on after a choice (docs/product/wizard.md). */
export const AUTO_ADVANCE_MS = 300;

// Moved to @trek/shared (the projects pages and the API name languages the same way).
export { LANGUAGE_LABELS } from '@trek/shared';

export type Utm = WizardFormData['utm'];

export function emptyFormData(utm: Utm = { source: '', medium: '', campaign: '' }): WizardFormData {
  return {
    trek: '',
    duration: '',
    dates: { flexible: false, flexibilityWindowDays: null, start: '', end: '', baseDate: '' },
    travelers: 1,
    languages: [],
    utm,
  };
}

/** End date = start + nights of the duration ('/ N night', 0 if absent); blank without a start. */
export function endDateFor(start: string, duration: string): string {
  return start ? addNightsIso(start, nightsFromDuration(duration)) : '';
}

const endDateSchema = wizardFormDataSchema.shape.dates.shape.end;

function withEndDate(data: WizardFormData): WizardFormData {
  const end = endDateFor(data.dates.start, data.duration);
  // A longer duration can carry a start chosen late in 2100 to an end the answers' schema refuses,
  // and answers it refuses are dropped, all of them, when next read: that start is asked again.
  if (!endDateSchema.safeParse(end).success) {
    return { ...data, dates: { ...data.dates, start: '', end: '', baseDate: '' } };
  }
  return { ...data, dates: { ...data.dates, end } };
}

/** Choosing a trek; Inca Trail cannot be chosen; a duration the new trek lacks is cleared. */
export function selectTrek(data: WizardFormData, trek: string): WizardFormData {
  if (!isTrekSelectable(trek)) return data;
  const duration = isDurationAvailable(trek, data.duration) ? data.duration : '';
  return withEndDate({ ...data, trek, duration });
}

export function selectDuration(data: WizardFormData, duration: string): WizardFormData {
  if (!isDurationAvailable(data.trek, duration)) return data;
  return withEndDate({ ...data, duration });
}

/**
 * A start date before today, in the traveler's time zone: answers saved days ago, or a wizard left
 * open past midnight. The calendar offers no such day; the API takes one from the day before
 * its UTC date (it cannot know the traveler's time zone), so the browser checks before sending.
 */
export function isPastStart(start: string, today: Date = new Date()): boolean {
  // 'yyyy-MM-dd' strings sort as the dates they name.
  return start !== '' && start < toIsoDate(today);
}

/** Restored answers whose start date has passed keep everything but the dates, asked again. */
export function withoutPastStart(data: WizardFormData, today: Date = new Date()): WizardFormData {
  if (!isPastStart(data.dates.start, today)) return data;
  return { ...data, dates: { ...data.dates, start: '', end: '', baseDate: '' } };
}

/**
 * Restored answers naming a trek that cannot be chosen (Inca Trail, coming soon; or a name the
 * catalogue no longer has) lose it, its duration and the end date they made, so no disabled card
 * shows as chosen and the
 * trek is asked again, as selectTrek would never have let it in.
 */
export function withoutUnselectableTrek(data: WizardFormData): WizardFormData {
  if (isTrekSelectable(data.trek)) return data;
  return { ...data, trek: '', duration: '', dates: { ...data.dates, end: '' } };
}

/**
 * Restored answers whose duration their trek does not offer (edited by hand, or the catalogue
 * changed between visits) lose it and the end date it made, as selectTrek clears a duration the
 * new trek lacks (spec section 4): the duration is asked again, then the end date follows it.
 */
export function withoutUnofferedDuration(data: WizardFormData): WizardFormData {
  if (data.duration === '' || isDurationAvailable(data.trek, data.duration)) return data;
  return { ...data, duration: '', dates: { ...data.dates, end: '' } };
}

/**
 * Restored answers with a window the wizard does not offer (0, saved by hand or by the edit
 * page's rules) lose it, so 'How flexible are you?' is asked again rather than showing '±0 days'
 * and sending a request the API refuses; fixed dates keep no window, as 'No' sets none.
 */
export function withoutUnofferedWindow(data: WizardFormData): WizardFormData {
  const { flexible, flexibilityWindowDays } = data.dates;
  if (flexibilityWindowDays === null || (flexible && isOfferedWindow(flexibilityWindowDays))) {
    return data;
  }
  return { ...data, dates: { ...data.dates, flexibilityWindowDays: null } };
}

/** Answers read back (saved in this browser, or carried through a sign-in): what still holds. */
export function restoredAnswers(data: WizardFormData, today: Date = new Date()): WizardFormData {
  return withoutPastStart(
    withoutUnofferedWindow(withoutUnofferedDuration(withoutUnselectableTrek(data))),
    today,
  );
}

export function selectStartDate(data: WizardFormData, start: string): WizardFormData {
  return withEndDate({ ...data, dates: { ...data.dates, start, baseDate: start } });
}

/** 'No' sets flexible false and window null; 'Yes' sets flexible true with window 1. */
export function setFlexible(data: WizardFormData, flexible: boolean): WizardFormData {
  return {
    ...data,
    dates: { ...data.dates, flexible, flexibilityWindowDays: flexible ? 1 : null },
  };
}

export function setFlexibilityWindow(data: WizardFormData, days: number): WizardFormData {
  if (!data.dates.flexible || !isOfferedWindow(days)) return data;
  return { ...data, dates: { ...data.dates, flexibilityWindowDays: days } };
}

export function setTravelers(data: WizardFormData, travelers: number): WizardFormData {
  const clamped = Math.min(MAX_TRAVELERS, Math.max(MIN_TRAVELERS, Math.round(travelers)));
  return { ...data, travelers: clamped };
}

export function toggleLanguage(data: WizardFormData, language: LanguageKey): WizardFormData {
  const languages = data.languages.includes(language)
    ? data.languages.filter((l) => l !== language)
    : [...data.languages, language];
  return { ...data, languages };
}

/** Step completeness (docs/product/wizard.md, "Steps"). */
export function isStepComplete(step: number, data: WizardFormData): boolean {
  switch (step) {
    case 0:
      return isTrekSelectable(data.trek);
    case 1:
      return (
        getDurationOptions(data.trek).length > 0 && isDurationAvailable(data.trek, data.duration)
      );
    case 2:
      return (
        data.dates.start !== '' &&
        !isPastStart(data.dates.start) &&
        data.dates.end !== '' &&
        (!data.dates.flexible || isOfferedWindow(data.dates.flexibilityWindowDays))
      );
    case 3:
      return data.travelers > 0 && data.languages.length > 0;
    default:
      return false;
  }
}

/** Forward only when the current step (and every earlier one) is complete. */
export function canGoTo(target: number, data: WizardFormData): boolean {
  if (target < 0 || target > LAST_STEP) return false;
  for (let step = 0; step < target; step += 1) {
    if (!isStepComplete(step, data)) return false;
  }
  return true;
}

export function nextStep(step: StepIndex, data: WizardFormData): StepIndex {
  return step < LAST_STEP && canGoTo(step + 1, data) ? ((step + 1) as StepIndex) : step;
}

/** Back always, except on the first step. */
export function previousStep(step: StepIndex): StepIndex {
  return step > 0 ? ((step - 1) as StepIndex) : step;
}

/** Where a restored wizard resumes: the first step still to answer. */
export function firstIncompleteStep(data: WizardFormData): StepIndex {
  for (let step = 0; step < LAST_STEP; step += 1) {
    if (!isStepComplete(step, data)) return step as StepIndex;
  }
  return LAST_STEP as StepIndex;
}

/**
 * The step to show when the wizard opens: the one this page was on (kept in the browser's
 * history, so a reload, Back or Forward returns to it), if the answers still allow it;
 * otherwise the first step still to answer.
 */
export function restoreStep(saved: unknown, data: WizardFormData): StepIndex {
  if (typeof saved === 'number' && Number.isInteger(saved) && canGoTo(saved, data))
    return saved as StepIndex;
  return firstIncompleteStep(data);
}

/** Every answer an automatic submission needs (docs/product/wizard.md, "Submitting"). */
export function isReadyToSubmit(data: WizardFormData): boolean {
  return WIZARD_STEPS.every((_, step) => isStepComplete(step, data));
}

export function progressPercent(step: number): number {
  return Math.round(((step + 1) / WIZARD_STEPS.length) * 100);
}

/** The body of POST /api/projects (docs/product/projects.md, "Creating a request"). */
export function toCreateProjectBody(data: WizardFormData): CreateProjectBody {
  return {
    title: data.trek || 'Trek Request',
    description: trekRequestDescription(data.duration, data.travelers),
    destination: data.trek,
    startDate: data.dates.start || null,
    endDate: data.dates.end || null,
    maxBudget: 'TBD',
    groupSize: data.travelers,
    difficulty: 'medium',
    formData: data,
  };
}

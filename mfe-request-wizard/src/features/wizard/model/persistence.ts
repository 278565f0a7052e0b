import {
  browserStorage,
  campaignTag,
  readJson,
  removeKey,
  STORAGE_KEYS,
  savedWizardAnswersSchema,
  type WizardFormData,
  writeJson,
} from '@trek/shared';
import { CAMPAIGN_QUERY_PARAMETERS, SAVED_ANSWERS_COOKIE } from '@trek/shared/contract';
import { emptyFormData, restoredAnswers, type Utm } from './wizard-state';

/** Other parts of the page (e.g. a sign-in button) dispatch this to force a save of the form. */
export const SAVE_FORM_DATA_EVENT = 'trek:save-form-data';

/** UTM parameters of the address; empty strings when absent (docs/product/wizard.md, "Answers"). */
export function readUtm(search: string): Utm {
  const params = new URLSearchParams(search);
  return {
    source: campaignTag(params.get(CAMPAIGN_QUERY_PARAMETERS.source)),
    medium: campaignTag(params.get(CAMPAIGN_QUERY_PARAMETERS.medium)),
    campaign: campaignTag(params.get(CAMPAIGN_QUERY_PARAMETERS.campaign)),
  };
}

/**
 * The saved answers from local storage (unparseable data is dropped silently; a bad campaign tag
 * alone reads as ''), else empty; a start date that has passed since is dropped, so the wizard
 * asks for the dates again, a trek
 * that cannot be chosen (with its duration), so it asks for the trek again, and a duration the
 * trek does not offer (with its end date), so it asks for the duration again.
 */
export function restoreFormData(search: string): WizardFormData {
  const saved = readJson(
    browserStorage('local'),
    STORAGE_KEYS.wizardFormData,
    savedWizardAnswersSchema,
  );
  const utm = readUtm(search);
  const hasUtm = Object.values(utm).some(Boolean);
  if (!saved) return emptyFormData(utm);
  return restoredAnswers(hasUtm ? { ...saved, utm } : saved);
}

/** Whether this browser holds answers of its own (valid ones; invalid data is dropped). */
export function hasSavedFormData(): boolean {
  return (
    readJson(browserStorage('local'), STORAGE_KEYS.wizardFormData, savedWizardAnswersSchema) !==
    null
  );
}

/**
 * Saves to local and session storage under the one key; false when local storage refused it
 * (private mode, quota), so no one can take the answers for gone when they are not there.
 */
export function saveFormData(data: WizardFormData): boolean {
  const saved = writeJson(browserStorage('local'), STORAGE_KEYS.wizardFormData, data);
  writeJson(browserStorage('session'), STORAGE_KEYS.wizardFormData, data);
  markSavedAnswers(true);
  return saved;
}

/**
 * Whether the answers just cleared by another tab were sent from it: a successful submit stores
 * the created request's summary before it clears them, whereas a sign-out (which forgets unsent
 * answers on a shared computer) removes the summary first.
 */
export function wereAnswersSent(): boolean {
  try {
    return browserStorage('local')?.getItem(STORAGE_KEYS.createdProjectSummary) != null;
  } catch {
    return false;
  }
}

export function clearSavedFormData(): void {
  removeKey(browserStorage('local'), STORAGE_KEYS.wizardFormData);
  removeKey(browserStorage('session'), STORAGE_KEYS.wizardFormData);
  markSavedAnswers(false);
}

/**
 * Tells the host's server whether this browser has answers to resume: with them the wizard opens
 * on a later step, so the server must not send the first step's prerendered markup
 * (docs/decisions/0007-what-the-browser-receives.md). A flag only; the answers stay in storage.
 */
export function markSavedAnswers(saved: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site serves; one fixed flag, nothing to escape.
  document.cookie = `${SAVED_ANSWERS_COOKIE}=${saved ? '1' : ''}; Path=/; Max-Age=${saved ? SAVED_ANSWERS_COOKIE_MAX_AGE_S : 0}; SameSite=Lax${secure}`;
}
/** As long as the saved answers themselves may stay (local storage does not expire): a year. */
const SAVED_ANSWERS_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

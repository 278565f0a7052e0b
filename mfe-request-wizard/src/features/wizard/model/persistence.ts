import {
  browserStorage,
  readJson,
  removeKey,
  STORAGE_KEYS,
  type WizardFormData,
  wizardFormDataSchema,
  writeJson,
} from '@trek/shared';
import { emptyFormData, type Utm } from './wizard-state';

/** Other parts of the page (e.g. a sign-in button) dispatch this to force a save of the form. */
export const SAVE_FORM_DATA_EVENT = 'trek:save-form-data';

/** UTM parameters of the address; empty strings when absent (docs/product/wizard.md, "Answers"). */
export function readUtm(search: string): Utm {
  const params = new URLSearchParams(search);
  return {
    source: params.get('utm_source') ?? '',
    medium: params.get('utm_medium') ?? '',
    campaign: params.get('utm_campaign') ?? '',
  };
}

/** The saved answers from local storage (unparseable data is dropped silently), else empty. */
export function restoreFormData(search: string): WizardFormData {
  const saved = readJson(
    browserStorage('local'),
    STORAGE_KEYS.wizardFormData,
    wizardFormDataSchema,
  );
  const utm = readUtm(search);
  const hasUtm = Object.values(utm).some(Boolean);
  if (!saved) return emptyFormData(utm);
  return hasUtm ? { ...saved, utm } : saved;
}

/** Saves to local and session storage under the one key. */
export function saveFormData(data: WizardFormData): void {
  writeJson(browserStorage('local'), STORAGE_KEYS.wizardFormData, data);
  writeJson(browserStorage('session'), STORAGE_KEYS.wizardFormData, data);
}

export function clearSavedFormData(): void {
  removeKey(browserStorage('local'), STORAGE_KEYS.wizardFormData);
  removeKey(browserStorage('session'), STORAGE_KEYS.wizardFormData);
}

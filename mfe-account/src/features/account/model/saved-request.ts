import { browserStorage, readJson, STORAGE_KEYS, savedWizardAnswersSchema } from '@trek/shared';

/**
 * Whether the wizard holds a trek request that was not sent (it stays saved in this browser when
 * creating it answered TEMPORARY_EMAIL): settings then offers to go back and send it.
 */
export function hasSavedTrekRequest(): boolean {
  const saved = readJson(
    browserStorage('local'),
    STORAGE_KEYS.wizardFormData,
    savedWizardAnswersSchema,
  );
  return Boolean(saved?.trek && saved.duration);
}

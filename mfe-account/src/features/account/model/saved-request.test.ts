import { STORAGE_KEYS } from '@trek/shared';
import { buildWizardAnswers } from '@trek/shared/testing/builders';
import { describe, expect, it } from 'vitest';
import { hasSavedTrekRequest } from './saved-request';

describe('hasSavedTrekRequest', () => {
  it('finds answers saved with a campaign tag the answers can no longer hold, and keeps them', () => {
    const saved = JSON.stringify({
      ...buildWizardAnswers(),
      // Saved before the wizard cleaned campaign tags.
      utm: { source: 'news\tletter', medium: '', campaign: 'x'.repeat(500) },
    });
    localStorage.setItem(STORAGE_KEYS.wizardFormData, saved);
    expect(hasSavedTrekRequest()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBe(saved);
  });

  it('finds none without a trek and its duration', () => {
    expect(hasSavedTrekRequest()).toBe(false);
    localStorage.setItem(
      STORAGE_KEYS.wizardFormData,
      JSON.stringify({ ...buildWizardAnswers(), duration: '' }),
    );
    expect(hasSavedTrekRequest()).toBe(false);
  });
});

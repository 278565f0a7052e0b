import { CAMPAIGN_TAG_MAX_LENGTH, STORAGE_KEYS, wizardFormDataSchema } from '@trek/shared';
import { SAVED_ANSWERS_COOKIE } from '@trek/shared/contract';
import { describe, expect, it } from 'vitest';
import { clearSavedFormData, readUtm, restoreFormData, saveFormData } from './persistence';
import { emptyFormData, selectDuration, selectStartDate, selectTrek } from './wizard-state';

describe('wizard persistence', () => {
  it('reads utm_source, utm_medium and utm_campaign, empty when absent', () => {
    expect(readUtm('?utm_source=newsletter&utm_campaign=andes')).toEqual({
      source: 'newsletter',
      medium: '',
      campaign: 'andes',
    });
  });

  it('cleans campaign tags so the answers can hold them: no control or bidi characters, trimmed, cut to the limit', () => {
    const long = 'a'.repeat(500);
    const utm = readUtm(
      `?utm_source=news%09letter&utm_medium=%E2%80%AE%20ad%20&utm_campaign=${long}`,
    );
    expect(utm.source).toBe('newsletter');
    expect(utm.medium).toBe('ad');
    expect(utm.campaign.length).toBe(CAMPAIGN_TAG_MAX_LENGTH);
    expect(long.startsWith(utm.campaign)).toBe(true);
    // Answers with these tags are ones the API (and storage) accept.
    expect(wizardFormDataSchema.safeParse(emptyFormData(utm)).success).toBe(true);
    // Only control characters: nothing is left.
    expect(readUtm('?utm_source=%00%09').source).toBe('');
    // A cut never leaves half of an emoji behind.
    // One letter first, so the cut falls inside an emoji (each is two UTF-16 units).
    const emojis = readUtm(`?utm_campaign=${encodeURIComponent(`a${'🏔'.repeat(300)}`)}`).campaign;
    expect(wizardFormDataSchema.shape.utm.shape.campaign.safeParse(emojis).success).toBe(true);
    expect(emojis.length).toBeGreaterThan(0);
  });

  it('keeps the other saved answers when a saved campaign tag is one the answers cannot hold', () => {
    const lares = selectStartDate(
      selectDuration(selectTrek(emptyFormData(), 'Lares'), '4 days / 3 nights'),
      '2099-01-05',
    );
    // Saved before tags were cleaned.
    localStorage.setItem(
      STORAGE_KEYS.wizardFormData,
      JSON.stringify({
        ...lares,
        travelers: 3,
        utm: { source: 'news\tletter', medium: 'ad', campaign: 'x'.repeat(500) },
      }),
    );
    expect(restoreFormData('')).toEqual({
      ...lares,
      travelers: 3,
      utm: { source: '', medium: 'ad', campaign: '' },
    });
  });

  it('saves to local and session storage under one key and restores from local storage', () => {
    const data = selectTrek(emptyFormData(), 'Lares');
    saveFormData(data);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}').trek).toBe(
      'Lares',
    );
    expect(restoreFormData('').trek).toBe('Lares');
    clearSavedFormData();
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
  });

  it("flags saved answers in a cookie for the host's server, and drops the flag with them", () => {
    const flagged = () => document.cookie.split('; ').includes(`${SAVED_ANSWERS_COOKIE}=1`);
    expect(flagged()).toBe(false);
    saveFormData(selectTrek(emptyFormData(), 'Lares'));
    expect(flagged()).toBe(true);
    clearSavedFormData();
    expect(flagged()).toBe(false);
    expect(document.cookie).not.toContain(SAVED_ANSWERS_COOKIE);
  });

  it('drops unparseable saved data silently and starts empty', () => {
    localStorage.setItem(STORAGE_KEYS.wizardFormData, '{"trek": 4');
    expect(restoreFormData('')).toEqual(emptyFormData());
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
  });

  it('restores answers saved before their start date passed without the dates', () => {
    const lares = selectDuration(selectTrek(emptyFormData(), 'Lares'), '4 days / 3 nights');
    saveFormData(selectStartDate(lares, '2020-01-01'));
    const restored = restoreFormData('');
    expect(restored.duration).toBe('4 days / 3 nights');
    expect(restored.dates).toMatchObject({ start: '', end: '', baseDate: '' });
    saveFormData(selectStartDate(lares, '2099-01-05'));
    expect(restoreFormData('').dates).toMatchObject({ start: '2099-01-05', end: '2099-01-08' });
  });

  it('restores answers naming a trek that cannot be chosen without it, its duration and end date', () => {
    const lares = selectStartDate(
      selectDuration(selectTrek(emptyFormData(), 'Lares'), '4 days / 3 nights'),
      '2099-01-05',
    );
    // Saved by an older version, or edited by hand: selectTrek never lets Inca Trail in.
    saveFormData({ ...lares, trek: 'Inca Trail' });
    const restored = restoreFormData('');
    expect(restored).toMatchObject({ trek: '', duration: '', travelers: lares.travelers });
    expect(restored.dates).toMatchObject({ start: '2099-01-05', end: '' });
  });

  it('restores answers whose duration the trek does not offer without it and its end date', () => {
    const lares = selectStartDate(
      selectDuration(selectTrek(emptyFormData(), 'Lares'), '4 days / 3 nights'),
      '2099-01-05',
    );
    // Edited by hand, or the catalogue changed since: Lares has no eight-day option.
    saveFormData({
      ...lares,
      duration: '8 days / 7 nights',
      dates: { ...lares.dates, end: '2099-01-12' },
    });
    const restored = restoreFormData('');
    expect(restored).toMatchObject({ trek: 'Lares', duration: '', travelers: lares.travelers });
    expect(restored.dates).toMatchObject({ start: '2099-01-05', end: '' });
    // A duration Lares offers is kept, with its end date.
    saveFormData(lares);
    expect(restoreFormData('')).toEqual(lares);
  });

  it('lets fresh UTM parameters replace saved ones', () => {
    saveFormData(selectTrek(emptyFormData({ source: 'old', medium: '', campaign: '' }), 'Lares'));
    expect(restoreFormData('?utm_source=new').utm.source).toBe('new');
    expect(restoreFormData('').utm.source).toBe('old');
  });
});

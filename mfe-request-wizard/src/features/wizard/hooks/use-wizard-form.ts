import { browserStorage, STORAGE_KEYS, type WizardFormData } from '@trek/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  clearSavedFormData,
  hasSavedFormData,
  markSavedAnswers,
  restoreFormData,
  SAVE_FORM_DATA_EVENT,
  saveFormData,
  wereAnswersSent,
} from '../model/persistence';
import { emptyFormData } from '../model/wizard-state';

/** This tab's answers were dropped because another tab sent them (`sent`) or forgot them. */
export interface ClearedElsewhere {
  sent: boolean;
}

/**
 * The wizard's answers: restored on load, saved on every change once a trek is set, and saved
 * on demand when the external 'save form data' event fires (docs/product/wizard.md). Answers
 * another tab clears from storage (it sent them, or signed out) are dropped here too, never sent
 * or saved again: `clearedElsewhere` is a new object each time that happens.
 */
export function useWizardForm() {
  const { search } = useLocation();
  const [data, setData] = useState<WizardFormData>(() => restoreFormData(search));
  const [clearedElsewhere, setClearedElsewhere] = useState<ClearedElsewhere | null>(null);
  const latest = useRef(data);
  latest.current = data;
  // Whether local storage holds this tab's answers as far as it knows: it wrote them there. With
  // storage refused (private mode), answers missing from it were never there, not cleared.
  const stored = useRef(false);

  useEffect(() => {
    if (data.trek) stored.current = saveFormData(data);
  }, [data]);
  // Nothing saved to resume (or storage cleared by hand): the server may send the first step.
  useEffect(() => {
    if (!latest.current.trek) markSavedAnswers(false);
  }, []);

  useEffect(() => {
    const save = () => {
      stored.current = saveFormData(latest.current);
    };
    window.addEventListener(SAVE_FORM_DATA_EVENT, save);
    return () => window.removeEventListener(SAVE_FORM_DATA_EVENT, save);
  }, []);

  // Sending these answers again would create a second request (the API refuses a duplicate for
  // 10 s only), and saving them again would bring back a request already sent, or forgotten.
  const dropAnswers = useCallback(() => {
    stored.current = false;
    // The other tab cleared only what it shares; this tab's own copy (session storage) goes too.
    clearSavedFormData();
    setData(emptyFormData(latest.current.utm));
    setClearedElsewhere({ sent: wereAnswersSent() });
  }, []);

  /**
   * False, and the answers dropped, when this tab's answers are no longer stored though no
   * 'storage' event said so: a page in the back-forward cache hears none. Checked before sending.
   */
  const stillSaved = useCallback(() => {
    if (!stored.current || !latest.current.trek || hasSavedFormData()) return true;
    dropAnswers();
    return false;
  }, [dropAnswers]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== browserStorage('local')) return;
      // A null key: the whole storage was cleared.
      const removed =
        event.key === null ||
        (event.key === STORAGE_KEYS.wizardFormData && event.newValue === null);
      if (removed && stored.current && latest.current.trek) dropAnswers();
    };
    // Back from the back-forward cache: checked before the traveler changes (and saves) anything.
    const onPageShow = () => void stillSaved();
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [dropAnswers, stillSaved]);

  const update = useCallback((change: (current: WizardFormData) => WizardFormData) => {
    setData((current) => change(current));
  }, []);

  return { data, update, replace: setData, clearedElsewhere, stillSaved };
}

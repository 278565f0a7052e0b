import type { WizardFormData } from '@trek/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  markSavedAnswers,
  restoreFormData,
  SAVE_FORM_DATA_EVENT,
  saveFormData,
} from '../model/persistence';

/**
 * The wizard's answers: restored on load, saved on every change once a trek is set, and saved
 * on demand when the external 'save form data' event fires (docs/product/wizard.md).
 */
export function useWizardForm() {
  const { search } = useLocation();
  const [data, setData] = useState<WizardFormData>(() => restoreFormData(search));
  const latest = useRef(data);
  latest.current = data;

  useEffect(() => {
    if (data.trek) saveFormData(data);
  }, [data]);
  // Nothing saved to resume (or storage cleared by hand): the server may send the first step.
  useEffect(() => {
    if (!latest.current.trek) markSavedAnswers(false);
  }, []);

  useEffect(() => {
    const save = () => saveFormData(latest.current);
    window.addEventListener(SAVE_FORM_DATA_EVENT, save);
    return () => window.removeEventListener(SAVE_FORM_DATA_EVENT, save);
  }, []);

  const update = useCallback((change: (current: WizardFormData) => WizardFormData) => {
    setData((current) => change(current));
  }, []);

  return { data, update, replace: setData };
}

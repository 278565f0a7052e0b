import type { WizardFormData } from '@trek/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { restoreStep, type StepIndex } from '../model/wizard-state';

/** Where the step is kept in `history.state`, beside React Router's own fields (usr, key, idx). */
export const STEP_HISTORY_KEY = 'trekWizardStep';

function currentHistoryState(): Record<string, unknown> | null {
  if (typeof window === 'undefined') return null;
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : null;
}

/**
 * The wizard's current step, kept in this page's entry of the browser's history: a reload, or
 * coming back with Back or Forward, opens the step the traveler was on (the answers themselves
 * are in storage), not merely the first one still open. The entry is replaced, never added to:
 * the browser's Back still leaves the wizard as before. React Router writes its own state when
 * it navigates (a changed query, for one), so the step is written again whenever the location
 * changes.
 */
export function useStepInHistory(data: WizardFormData): [StepIndex, (step: StepIndex) => void] {
  const [step, setStep] = useState<StepIndex>(() =>
    restoreStep(currentHistoryState()?.[STEP_HISTORY_KEY], data),
  );
  const { key } = useLocation();
  const written = useRef<{ step: StepIndex; key: string } | null>(null);
  useEffect(() => {
    if (written.current?.step === step && written.current.key === key) return;
    written.current = { step, key };
    window.history.replaceState({ ...currentHistoryState(), [STEP_HISTORY_KEY]: step }, '');
  }, [step, key]);
  return [step, setStep];
}

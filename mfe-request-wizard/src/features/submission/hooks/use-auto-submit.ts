import {
  savedWizardAnswersSchema,
  takeSubmitAfterSignIn,
  useAuth,
  type WizardFormData,
} from '@trek/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasSavedFormData, saveFormData } from '../../wizard/model/persistence';
import { isReadyToSubmit, restoredAnswers } from '../../wizard/model/wizard-state';

declare global {
  interface Window {
    /** Set once a sign-in return was auto-submitted; survives remounts of the page. */
    __trekAutoSubmitted?: boolean;
  }
}

/**
 * The form carried through a social sign-in as base64 JSON (without a start date that has passed
 * meanwhile, a trek that cannot be chosen, nor a duration its trek does not offer); null when
 * absent or unreadable.
 */
export function decodeFormData(encoded: string | null): WizardFormData | null {
  if (!encoded) return null;
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    const parsed = savedWizardAnswersSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? restoredAnswers(parsed.data) : null;
  } catch {
    return null;
  }
}

/**
 * Back from signing in (`?auth=success`, maybe `&formData=`): submits the saved request once when
 * this browser asked for it (Submit request pressed signed out, within the hour: the marker of
 * takeSubmitAfterSignIn) and it is complete, guarded by a local and a global flag that reset when
 * auto-submit is off, and removes both parameters from the address so a reload cannot submit
 * again. The address alone never submits, nor replaces saved answers: any site can link to it
 * (docs/decisions/0080-spec-readings.md). A carried form only fills a browser that has none
 * saved (a magic link or a provider's return opened elsewhere), and waits for the traveler's
 * Submit.
 */
export function useAutoSubmit({
  data,
  replace,
  submit,
}: {
  data: WizardFormData;
  replace: (data: WizardFormData) => void;
  submit: (data: WizardFormData) => void;
}) {
  const [params, setParams] = useSearchParams();
  const { isAuthenticated, isLoading } = useAuth();
  const submitted = useRef(false);
  const enabled = params.get('auth') === 'success';
  const carried = params.get('formData');

  useEffect(() => {
    if (!enabled) {
      submitted.current = false;
      window.__trekAutoSubmitted = false;
      return;
    }
    // Once per return: restoring the form changes `data`, which must not run this again.
    if (isLoading || submitted.current) return;
    submitted.current = true;
    // Consumed whatever happens next, so one Submit is answered by at most one return.
    const asked = takeSubmitAfterSignIn();
    const saved = hasSavedFormData();
    const fromProvider = saved ? null : decodeFormData(carried);
    if (fromProvider) {
      replace(fromProvider);
      saveFormData(fromProvider);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('auth');
        next.delete('formData');
        return next;
      },
      { replace: true },
    );
    if (!asked || !saved) return;
    if (!isAuthenticated || window.__trekAutoSubmitted || !isReadyToSubmit(data)) return;
    window.__trekAutoSubmitted = true;
    submit(data);
  }, [enabled, carried, isLoading, isAuthenticated, data, replace, submit, setParams]);
}

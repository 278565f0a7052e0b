import { useAuth, type WizardFormData, wizardFormDataSchema } from '@trek/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { saveFormData } from '../../wizard/model/persistence';
import { isReadyToSubmit, withoutPastStart } from '../../wizard/model/wizard-state';

declare global {
  interface Window {
    /** Set once a sign-in return was auto-submitted; survives remounts of the page. */
    __trekAutoSubmitted?: boolean;
  }
}

/**
 * The form carried through a social sign-in as base64 JSON (without a start date that has passed
 * meanwhile); null when absent or unreadable.
 */
export function decodeFormData(encoded: string | null): WizardFormData | null {
  if (!encoded) return null;
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    const parsed = wizardFormDataSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? withoutPastStart(parsed.data) : null;
  } catch {
    return null;
  }
}

/**
 * Back from signing in (`?auth=success`, maybe `&formData=`): submits the saved request once when
 * it is complete, guarded by a local and a global flag that reset when auto-submit is off, and
 * removes both parameters from the address so a reload cannot submit again.
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
    const fromProvider = decodeFormData(carried);
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
    const answers = fromProvider ?? data;
    if (!isAuthenticated || window.__trekAutoSubmitted || !isReadyToSubmit(answers)) return;
    window.__trekAutoSubmitted = true;
    submit(answers);
  }, [enabled, carried, isLoading, isAuthenticated, data, replace, submit, setParams]);
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastFailure, toastSuccess } from '../../../ui/toasts';
import { methodLabel } from '../model/methods';

/**
 * Back from linking a sign-in method (`?linked=google`, `?error=already_linked` when that
 * provider account belongs to someone else, `?error=email_unproven` when nobody has proven the
 * account's e-mail yet): says how it went, then removes the parameter so a
 * reload says nothing twice.
 */
export function useLinkResult() {
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  const error = params.get('error');

  useEffect(() => {
    if (!linked && !error) return;
    if (linked) {
      toastSuccess(
        `Your ${methodLabel(linked)} sign-in method is now connected.`,
        'Account linked',
      );
    } else if (error === 'already_linked') {
      toastFailure(
        'That account is already connected to another TrekPeru account.',
        'Failed to link account',
      );
    } else if (error === 'email_unproven') {
      toastFailure(
        'Confirm your email address first: sign in with the link we email you, then link this account.',
        'Failed to link account',
      );
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('linked');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [linked, error, setParams]);
}

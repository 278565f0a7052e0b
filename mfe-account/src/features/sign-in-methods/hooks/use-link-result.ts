import type { AuthMethods } from '@trek/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastFailure, toastNeutral, toastSuccess } from '../../../ui/toasts';
import { findMethod } from '../model/methods';

/** What the address said about the linking the browser comes back from. */
interface LinkReturn {
  linked: string | null;
  error: string | null;
}

/**
 * Back from linking a sign-in method (`?linked=google`, `?error=already_linked` when that
 * provider account belongs to someone else, `?error=email_unproven` when nobody has proven the
 * account's e-mail yet, `?error=access_denied` when the person cancelled at the provider,
 * `?error=provider_error` when the provider failed): says how it went, then removes the
 * parameter so a reload says nothing twice.
 *
 * Anyone can type `?linked=google`: "Account linked" is said only once `methods` (the section's
 * read, waited for) shows that method connected; otherwise nothing is said, and the section's
 * "Not connected" tells the truth (docs/product/account.md).
 */
export function useLinkResult(methods: AuthMethods | undefined) {
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  const error = params.get('error');
  // Kept past the address, which loses it at once, until the read can confirm it.
  const [returned, setReturned] = useState<LinkReturn | null>(null);
  // The return already told: strict mode runs effects twice, and every re-render may run it again.
  const told = useRef<LinkReturn | null>(null);

  useEffect(() => {
    if (!linked && !error) return;
    setReturned((current) =>
      current?.linked === linked && current?.error === error ? current : { linked, error },
    );
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

  useEffect(() => {
    if (!returned || told.current === returned) return;
    if (returned.linked) {
      if (!methods) return;
      told.current = returned;
      const method = findMethod(returned.linked);
      if (method && methods[method.name].connected) {
        toastSuccess(`Your ${method.label} sign-in method is now connected.`, 'Account linked');
      }
      return;
    }
    told.current = returned;
    if (returned.error === 'already_linked') {
      toastFailure(
        'That account is already connected to another TrekPeru account.',
        'Failed to link account',
      );
    } else if (returned.error === 'email_unproven') {
      toastFailure(
        'Confirm your email address first: sign in with the link we email you, then link this account.',
        'Failed to link account',
      );
    } else if (returned.error === 'access_denied') {
      // The person's own choice at the provider: nothing went wrong.
      toastNeutral(
        'Nothing was connected. You can link it whenever you like.',
        'Linking cancelled',
      );
    } else if (returned.error === 'provider_error') {
      toastFailure(
        'The provider could not connect your account. Please try again.',
        'Failed to link account',
      );
    }
  }, [returned, methods]);
}

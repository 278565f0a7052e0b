import type { User } from '@trek/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastSuccess } from '../../../ui/toasts';
import { hasSavedTrekRequest } from '../model/saved-request';

/**
 * Back from the link that confirmed a new e-mail (`?email=changed`): the parameter is removed
 * (a reload says nothing twice), and the page learns whether a trek request waits to be sent.
 *
 * Anyone can type `?email=changed`: "Email address updated" (and the waiting request's offer,
 * which a placeholder would have refused again) comes only once `user`, the account as read,
 * has a real address (`hasTemporaryEmail` false); with a placeholder nothing is said, and a
 * later read that shows a real one still says it, once (docs/product/account.md).
 */
export function useEmailChanged(user: User) {
  const [params, setParams] = useSearchParams();
  const changed = params.get('email') === 'changed';
  const [returned, setReturned] = useState(false);
  const [requestWaiting, setRequestWaiting] = useState(false);
  // Told once: strict mode runs effects twice, and a new read of the user runs this one again.
  const told = useRef(false);

  useEffect(() => {
    if (!changed) return;
    setReturned(true);
    setRequestWaiting(hasSavedTrekRequest());
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('email');
        return next;
      },
      { replace: true },
    );
  }, [changed, setParams]);

  const justChanged = returned && !user.hasTemporaryEmail;
  useEffect(() => {
    if (!justChanged || told.current) return;
    told.current = true;
    toastSuccess(`Your email address is now ${user.email}.`, 'Email address updated');
  }, [justChanged, user.email]);

  return { justChanged, requestWaiting };
}

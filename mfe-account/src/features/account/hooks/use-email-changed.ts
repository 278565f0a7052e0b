import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasSavedTrekRequest } from '../model/saved-request';

/**
 * Back from the link that confirmed a new e-mail (`?email=changed`): the parameter is removed
 * (a reload says nothing twice), and the page learns whether a trek request waits to be sent.
 */
export function useEmailChanged() {
  const [params, setParams] = useSearchParams();
  const changed = params.get('email') === 'changed';
  const [justChanged, setJustChanged] = useState(false);
  const [requestWaiting, setRequestWaiting] = useState(false);

  useEffect(() => {
    if (!changed) return;
    setJustChanged(true);
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

  return { justChanged, requestWaiting };
}

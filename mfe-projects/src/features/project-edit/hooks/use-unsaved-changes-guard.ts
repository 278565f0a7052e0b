import { useCallback, useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router-dom';

/**
 * While there are unsaved edits, leaving the page asks first: links and the browser's back and
 * forward buttons through React Router's blocker, a reload or a closed tab through the browser's
 * own `beforeunload` prompt. `allowLeaving()` lets the next navigation through (after a save).
 */
export function useUnsavedChangesGuard(dirty: boolean): {
  blocker: Blocker;
  allowLeaving: () => void;
} {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);
  return { blocker, allowLeaving };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { type Blocker, useBlocker } from 'react-router-dom';

/**
 * While there are unsaved edits, leaving the page asks first: links and the browser's back and
 * forward buttons through React Router's blocker, a reload or a closed tab through the browser's
 * own `beforeunload` prompt. `allowLeaving()` lets the next navigation through (after a save).
 *
 * While a save is on its way (`isSaving`, read when a navigation starts: the PATCH's answer makes
 * the form clean before the guides are notified), a navigation is held without a question, as
 * the wizard's `StayWhileSending` holds it: the edits are not lost, and the project page follows
 * by itself once saved. One blocker does both: a router takes only one at a time.
 */
export function useUnsavedChangesGuard(
  dirty: boolean,
  isSaving: () => boolean,
): {
  blocker: Blocker;
  /** Whether the blocked navigation asks 'Leave without saving?' (not while saving). */
  asking: boolean;
  allowLeaving: () => void;
} {
  const leaving = useRef(false);
  const [heldWhileSaving, setHeldWhileSaving] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (leaving.current || currentLocation.pathname === nextLocation.pathname) return false;
    const saving = isSaving();
    setHeldWhileSaving(saving);
    return saving || dirty;
  });

  useEffect(() => {
    if (blocker.state === 'blocked' && heldWhileSaving) blocker.reset();
  }, [blocker, heldWhileSaving]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current || !(dirty || isSaving())) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, isSaving]);

  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);
  return { blocker, asking: blocker.state === 'blocked' && !heldWhileSaving, allowLeaving };
}

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
 * by itself once saved. `held` says so, for the page to tell the traveler (a write has no
 * timeout: a save that never answers must not make Back do nothing silently). Once the save has
 * ended the held navigation is dropped: a success has gone to the project page, a failure keeps
 * the form and its error. A save that is slow (it may never answer) lets the traveler go anyway:
 * `leaveNow()` lets the held navigation through, the save still on its way. One blocker does
 * both: a router takes only one at a time.
 */
export function useUnsavedChangesGuard(
  dirty: boolean,
  isSaving: () => boolean,
  /** The save's pending state as rendered: its end lets a held navigation go. */
  saving: boolean,
): {
  blocker: Blocker;
  /** Whether the blocked navigation asks 'Leave without saving?' (not while saving). */
  asking: boolean;
  /** Whether a navigation is held until the save on its way has ended. */
  held: boolean;
  allowLeaving: () => void;
  /** Lets the held navigation go now, without waiting for the save (nothing else is undone). */
  leaveNow: () => void;
} {
  const leaving = useRef(false);
  const [heldWhileSaving, setHeldWhileSaving] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (leaving.current || currentLocation.pathname === nextLocation.pathname) return false;
    const savingNow = isSaving();
    setHeldWhileSaving(savingNow);
    return savingNow || dirty;
  });

  // Read `isSaving()` too: between the PATCH's answer and the notice, a render may not show it.
  useEffect(() => {
    if (blocker.state === 'blocked' && heldWhileSaving && !saving && !isSaving()) {
      setHeldWhileSaving(false);
      blocker.reset();
    }
  }, [blocker, heldWhileSaving, saving, isSaving]);

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
  // Read what is current, not the last render: a second click of a double click, or a click as
  // the save ends (the held navigation reset), comes before React renders the blocker anew.
  const leaveNow = useCallback(() => {
    if (leaving.current || !isSaving() || blocker.state !== 'blocked') return;
    leaving.current = true;
    blocker.proceed();
  }, [blocker, isSaving]);
  const blocked = blocker.state === 'blocked';
  return {
    blocker,
    asking: blocked && !heldWhileSaving,
    held: blocked && heldWhileSaving,
    allowLeaving,
    leaveNow,
  };
}

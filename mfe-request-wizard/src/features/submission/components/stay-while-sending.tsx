import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export interface StayWhileSendingProps {
  /** Whether the request is still on its way: read when a navigation starts. */
  isSending: () => boolean;
}

/**
 * Spec section 4: "navigation is blocked while submitting". While the request is on its way, a
 * navigation away from the wizard (a link, the browser's Back or Forward) is not taken: the
 * overlay already says what is happening, and the success page follows by itself. Leaving the
 * site asks the browser's own confirmation, so the answers are not left behind to be offered
 * again. Rendered only while submitting: React Router's blocker needs the data router of the
 * host and of the tests, which the prerendered page, never submitting, goes without.
 */
export function StayWhileSending({ isSending }: StayWhileSendingProps) {
  // Read at the navigation, not from the last render: the request's answer comes (and the
  // success page is navigated to) before React hears that it is no longer pending.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isSending() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!isSending()) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isSending]);
  return null;
}

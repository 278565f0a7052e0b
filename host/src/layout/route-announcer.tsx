import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page may take to show its heading (its code loads on demand) before we give up. */
export const HEADING_WAIT_MS = 10_000;

const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

/**
 * After an in-app navigation (not the first page), focus moves to the new page's main heading
 * and a status line announces the page's title, as a full page load would for a screen reader.
 * Pages load lazily, so the heading is awaited: the first h1 of the main area that was not there
 * before the navigation, or the one there once the page stops changing.
 * That heading may be a loading placeholder's, replaced once the page's data is read (the
 * project, or the error saying it could not be): the focus it held would fall to <body>, so it
 * follows to the heading that took its place, and the page's title, if it changed (the error's),
 * is announced. Focus the person (or the page) moves elsewhere stops this.
 */
export function RouteAnnouncer({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const main = document.getElementById(mainId);
    if (!main) return;
    const before = main.querySelector('h1');
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    // A dialog the page opened, even one closed before the heading is known, has handed focus
    // back where it belongs (to what opened it): that focus is the person's, not left behind.
    let dialogVisited = false;
    const noteDialog = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.closest(DIALOG_SELECTOR)) {
        dialogVisited = true;
      }
    };
    document.addEventListener('focusin', noteDialog);
    let unfollow = () => {};

    const stop = () => {
      observer.disconnect();
      clearTimeout(settleTimer);
      clearTimeout(giveUp);
      document.removeEventListener('focusin', noteDialog);
    };
    const focusHeading = (heading: HTMLHeadingElement) => {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // Back or Forward returns the page to where it was left (ScrollRestoration): focus must
      // not scroll it to its heading.
      heading.focus({ preventScroll: true });
    };
    // The page sets its title as it renders; read it once this frame is done. The same title
    // again leaves the status line as it is, so it is not read out twice.
    const announceTitle = () => requestAnimationFrame(() => setAnnouncement(document.title));
    // For as long as the page takes to read its data (no time limit: a slow read is still this
    // navigation's), until focus goes anywhere but the heading it was given.
    const follow = (heading: HTMLHeadingElement) => {
      let followed = heading;
      const replaced = new MutationObserver(() => {
        if (followed.isConnected) return;
        const focused = document.activeElement;
        const lost =
          !focused || focused === document.body || focused === main || !focused.isConnected;
        if (!lost) return unfollow();
        const next = main.querySelector('h1');
        if (!next) return;
        followed = next;
        focusHeading(next);
        announceTitle();
      });
      const moved = (event: FocusEvent) => {
        if (event.target !== followed) unfollow();
      };
      unfollow = () => {
        replaced.disconnect();
        document.removeEventListener('focusin', moved);
      };
      replaced.observe(main, { childList: true, subtree: true });
      document.addEventListener('focusin', moved);
    };
    const arrive = (heading: HTMLHeadingElement) => {
      stop();
      // Focus left where the navigation started (a link of the header or footer), on the body or
      // on the main area goes to the heading. Anywhere else it was put since: the page moved it
      // into itself (a field, a step's heading) or opened a dialog (the wizard's sign-in modal
      // opens on its own heading's page), and it stays.
      const focused = document.activeElement;
      const inDialog = focused?.closest(DIALOG_SELECTOR) != null;
      const focusLeftBehind =
        !inDialog &&
        !dialogVisited &&
        (!focused ||
          focused === document.body ||
          focused === main ||
          // A dialog's header (Mantine's Modal has one, with its Close button) is no site header.
          focused.closest('header, footer') !== null);
      if (focusLeftBehind) {
        focusHeading(heading);
        follow(heading);
      }
      announceTitle();
    };
    const look = () => {
      const heading = main.querySelector('h1');
      if (heading && heading !== before) arrive(heading);
      else if (heading) {
        clearTimeout(settleTimer);
        settleTimer = setTimeout(() => arrive(heading), 500);
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(stop, HEADING_WAIT_MS);
    setAnnouncement('');
    look();
    return () => {
      stop();
      unfollow();
    };
  }, [pathname, mainId]);

  return (
    <VisuallyHidden role="status" aria-live="polite">
      {announcement}
    </VisuallyHidden>
  );
}

import { browserStorage, readJson } from '@trek/shared';
import { useEffect, useRef } from 'react';
import { type Location, ScrollRestoration, useLocation } from 'react-router-dom';
import { z } from 'zod/mini';

/** Where React Router keeps the places pages were left, for a reload (sessionStorage). */
export const SCROLL_POSITIONS_STORAGE_KEY = 'react-router-scroll-positions';

const scrollPositionsSchema = z.record(z.string(), z.number());

/** How long a reloaded page may take to grow tall enough to return to its place. */
export const RESTORE_WAIT_MS = 10_000;

/** Input by which the person takes the page's scroll into their own hands. */
const TAKING_OVER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Where a page's scroll position is kept: by React Router's key of the history entry (every page
 * loaded afresh gets its own, `giveLoadedPageAHistoryKey`). An entry the browser made itself, a
 * jump to `#main-content` by the skip link, has none ('default'): it is kept by its path and
 * fragment, never by its query (which may carry a token).
 */
export function scrollPositionKey(location: Location): string {
  return location.key === 'default'
    ? `fragment:${location.pathname}${location.hash}`
    : location.key;
}

/**
 * React Router's scroll restoration, finished for the first page of a reload: React Router
 * scrolls once, as the page first renders, when a remote page still shows its skeleton (shorter
 * than the page), and the place is clipped for good. Until the page is tall enough, or the
 * person scrolls, taps or types, or the wait is over, the place is taken again as it grows.
 */
export function PageScrollRestoration() {
  const location = useLocation();
  const firstKey = useRef(scrollPositionKey(location));
  const stop = useRef(() => {});

  useEffect(() => {
    const saved = readJson(
      browserStorage('session'),
      SCROLL_POSITIONS_STORAGE_KEY,
      scrollPositionsSchema,
    );
    const target = saved?.[firstKey.current];
    if (target === undefined || target <= 0) return;
    const root = document.documentElement;
    const reach = () => {
      if (window.scrollY >= target - 1) return stop.current();
      if (root.scrollHeight - window.innerHeight < target) return;
      window.scrollTo(0, target);
      stop.current();
    };
    const observer = new ResizeObserver(reach);
    const giveUp = setTimeout(() => stop.current(), RESTORE_WAIT_MS);
    stop.current = () => {
      observer.disconnect();
      clearTimeout(giveUp);
      for (const type of TAKING_OVER) window.removeEventListener(type, stop.current);
    };
    for (const type of TAKING_OVER) {
      window.addEventListener(type, stop.current, { passive: true });
    }
    observer.observe(document.body);
    reach();
    return () => stop.current();
  }, []);

  // Another page: its place is React Router's to give.
  const key = scrollPositionKey(location);
  useEffect(() => {
    if (key !== firstKey.current) stop.current();
  }, [key]);

  return <ScrollRestoration getKey={scrollPositionKey} storageKey={SCROLL_POSITIONS_STORAGE_KEY} />;
}

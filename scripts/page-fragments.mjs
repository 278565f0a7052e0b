// @ts-check
/**
 * The prerendered markup of the remote page a URL opens, read from the remote that serves it
 * (its build writes it beside its manifest: shared/build/prerender-pages.mjs), so the host's
 * server sends the page's content inside its own frame and the content paints before any script
 * has arrived (docs/decisions/0007-what-the-browser-receives.md). Read from where the remote map
 * points, it is the markup of the code the page will load (a redeploy in place at the same URL
 * aside, for the few seconds what was read is trusted; a page without markup is asked for again
 * only after a minute: route-preload.mjs's MISSING_TTL_MS).
 */
import { prerenderedPageFileOf, remoteRouteOf } from '../shared/src/contract/index.js';
import { createRemoteJsonCache } from './route-preload.mjs';

/**
 * @typedef {{ title?: string, css: string, styleHashes: string[], html: string }} PageFragment
 * @typedef {PageFragment & { page: string }} RoutePageFragment the fragment and the page it is
 *   of, as 'remote/Page'
 * @typedef {Partial<Record<string, string>>} RemoteMap
 */

/**
 * @param {import('./route-preload.mjs').RemoteReadOptions} [options]
 * @returns {(pathname: string, remoteMap: RemoteMap | undefined) => Promise<RoutePageFragment | undefined>}
 */
export function createPageFragments(options = {}) {
  const files = createRemoteJsonCache(options);
  return async function pageFragment(pathname, remoteMap) {
    const route = remoteRouteOf(pathname);
    const manifestUrl = route && remoteMap?.[route.remote];
    if (!route || !manifestUrl) return undefined;
    const value = await files(new URL(prerenderedPageFileOf(route.page), manifestUrl).href);
    return isPageFragment(value) ? { ...value, page: `${route.remote}/${route.page}` } : undefined;
  };
}

/**
 * A fragment the page can carry: its styles go in a style element, which they must not close,
 * and its style attributes are allowed by hash. Its markup is the remote's, trusted as much as
 * the remote's scripts the page runs anyway.
 * @param {unknown} value
 * @returns {value is PageFragment}
 */
export function isPageFragment(value) {
  if (typeof value !== 'object' || value === null) return false;
  const { title, css, styleHashes, html } = /** @type {Record<string, unknown>} */ (value);
  return (
    (title === undefined || typeof title === 'string') &&
    typeof css === 'string' &&
    !/<\/style/i.test(css) &&
    typeof html === 'string' &&
    Array.isArray(styleHashes) &&
    styleHashes.every((hash) => typeof hash === 'string' && /^[A-Za-z0-9+/]{43}=$/.test(hash))
  );
}

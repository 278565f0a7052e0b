// @ts-check
/**
 * Preload hints for the remote page a URL opens (docs/decisions/0007-what-the-browser-receives.md).
 * Without them the browser discovers a remote page one fetch at a time: the host's script, then
 * the remote's manifest, then its entry, then the page's chunks. The host's server knows the
 * route (the contract's REMOTE_ROUTES) and the remote map, so each page it serves names the
 * manifest, the remote entry and the page's own chunks at once.
 *
 * Manifests are read from the remotes and kept a few seconds, so a redeployed remote is picked
 * up almost at once. Only a manifest's first read since the server started is waited for, and
 * briefly: until a manifest is known, a page goes out with the manifest and entry hints only.
 */
import { REMOTE_ENTRY_FILE, remoteRouteOf } from '../shared/src/contract/index.js';

/**
 * @typedef {{ exposes: Array<{ name?: unknown, assets?: { js?: { sync?: unknown }, css?: { sync?: unknown } } }> }} Manifest
 * @typedef {Partial<Record<string, string>>} RemoteMap
 */

/** How long a manifest read from a remote is trusted. */
export const MANIFEST_TTL_MS = 5_000;
/**
 * How long a remote's "no such file" (404) is trusted, for a manifest or a prerendered page: most
 * pages have no prerendered markup, and asking again every few seconds while they are visited
 * would only collect 404s. A redeploy that adds the file is picked up within this time; until
 * then the page goes out without it (a missing manifest only costs its preload hints).
 */
export const MISSING_TTL_MS = 60_000;
/** A manifest that does not answer within this time is left out of this page's hints. */
const MANIFEST_TIMEOUT_MS = 1_500;

/**
 * A value made safe for a double-quoted HTML attribute (or an element's text).
 * @param {string} value
 */
export function attribute(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * @typedef {{ fetchImpl?: typeof fetch, now?: () => number, firstReadWaitMs?: number | undefined }} RemoteReadOptions
 */

/**
 * How long the first read of a file since the server started waits for its answer: the first
 * page after a start or a deploy then carries what the next ones carry (a remote on the same
 * network answers in milliseconds), and a remote that does not answer holds the pages asked for
 * in that moment back until it is over, once.
 */
export const FIRST_READ_WAIT_MS = 300;

/**
 * JSON files read from the remotes (manifests, prerendered pages), each trusted for
 * MANIFEST_TTL_MS (a missing one for MISSING_TTL_MS) and then read again in the background: a
 * page never waits for a file already read, it goes out with what is known (undefined when the
 * last read failed). Only a file's first read is waited for, at most FIRST_READ_WAIT_MS.
 * @param {RemoteReadOptions} [options]
 * @returns {(url: string) => Promise<unknown>}
 */
export function createRemoteJsonCache(options = {}) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const firstReadWaitMs = options.firstReadWaitMs ?? FIRST_READ_WAIT_MS;
  /** @typedef {{ at: number, ttl: number, value?: unknown, pending?: Promise<void>, firstAnswer?: Promise<unknown> }} CachedFile */
  /** @type {Map<string, CachedFile>} */
  const files = new Map();

  /** @param {string} url */
  function refresh(url) {
    const known = files.get(url);
    if (known?.pending || (known && now() - known.at < known.ttl)) return;
    /** @type {CachedFile} */
    const entry = { at: known?.at ?? 0, ttl: MANIFEST_TTL_MS, value: known?.value };
    files.set(url, entry);
    entry.pending = fetchImpl(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) })
      .then(async (response) => {
        entry.value = response.ok ? await response.json() : undefined;
        entry.ttl = response.status === 404 ? MISSING_TTL_MS : MANIFEST_TTL_MS;
      })
      .catch(() => {
        // A remote that does not answer is asked again soon: it may be restarting.
        entry.value = undefined;
        entry.ttl = MANIFEST_TTL_MS;
      })
      .finally(() => {
        entry.at = now();
        entry.pending = undefined;
      });
    if (!known) {
      // One deadline for every page asking before the first answer, not one each.
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      entry.firstAnswer = Promise.race([
        entry.pending,
        new Promise((resolve) => {
          timer = setTimeout(resolve, firstReadWaitMs);
        }),
      ]).finally(() => clearTimeout(timer));
    }
  }

  return async (url) => {
    refresh(url);
    const entry = files.get(url);
    if (entry?.firstAnswer) await entry.firstAnswer;
    return files.get(url)?.value;
  };
}

/**
 * The files a remote page loads first, as its manifest names them; none when the manifest is not
 * of the shape the build writes (a half-written or foreign file costs the hints, never the page).
 * @param {unknown} manifest
 * @param {string} pageName
 * @returns {{ js: string[], css: string[] }}
 */
export function pageAssetsOf(manifest, pageName) {
  const exposes = /** @type {{ exposes?: unknown } | null | undefined} */ (manifest)?.exposes;
  const page = Array.isArray(exposes)
    ? /** @type {Manifest['exposes'][number] | undefined} */ (
        exposes.find((e) => typeof e === 'object' && e !== null && e.name === pageName)
      )
    : undefined;
  /** @param {unknown} files */
  const paths = (files) =>
    Array.isArray(files) && files.every((file) => typeof file === 'string') ? files : [];
  return { js: paths(page?.assets?.js?.sync), css: paths(page?.assets?.css?.sync) };
}

/**
 * The files as URLs beside the manifest; a name no URL can be made of ('http://[x') is left out,
 * as a malformed manifest costs hints only.
 * @param {string[]} files
 * @param {URL} base
 */
function resolvedUrls(files, base) {
  return files.flatMap((file) => {
    try {
      return [new URL(file, base).href];
    } catch {
      return [];
    }
  });
}

/**
 * @param {RemoteReadOptions} [options]
 * @returns {(pathname: string, remoteMap: RemoteMap | undefined, request?: { signedIn?: boolean }) => Promise<string>}
 *   the `<link>` elements to put in the page's head ('' for a host page)
 */
export function createRoutePreloader(options = {}) {
  const manifests = createRemoteJsonCache(options);

  return async function preloadHints(pathname, remoteMap, request = {}) {
    const route = remoteRouteOf(pathname);
    const manifestUrl = route && remoteMap?.[route.remote];
    if (!route || !manifestUrl) return '';
    const manifest = await manifests(manifestUrl);
    const base = new URL('.', manifestUrl);
    // The runtime reads the manifest with fetch() (CORS, no credentials), and loads scripts and
    // styles with plain elements: each hint matches the request it stands for.
    const links = [
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(manifestUrl)}">`,
      `<link rel="preload" as="script" href="${attribute(new URL(REMOTE_ENTRY_FILE, base).href)}">`,
    ];
    const page = pageAssetsOf(manifest, route.page);
    for (const href of resolvedUrls(page.js, base)) {
      links.push(`<link rel="preload" as="script" href="${attribute(href)}">`);
    }
    for (const href of resolvedUrls(page.css, base)) {
      links.push(`<link rel="preload" as="style" href="${attribute(href)}">`);
    }
    // The page's first data for a signed-in user comes with its code, not after it (and after
    // the user): fetch() asks for it with the cookies, as this hint does.
    for (const read of request.signedIn ? (route.signedInReads ?? []) : []) {
      links.push(
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(read)}">`,
      );
    }
    return links.join('\n    ');
  };
}

// @ts-check
/**
 * Every URL of the site, written once: the pages of the route table (which remote owns which is
 * the host's route table's business), the areas that need a signed-in user, and the paths the
 * host's origin forwards to the API.
 */

/** The pages of the site (docs/product/site.md), as React Router patterns. */
export const PATHS = /** @type {const} */ ({
  landing: '/landing',
  home: '/',
  newTrek: '/trek/new',
  createProject: '/create-project',
  projectSuccess: '/project-success',
  projects: '/u/projects',
  project: '/u/projects/:id',
  sharedProject: '/projects/:id',
  projectEdit: '/u/projects/:id/edit',
  messages: '/u/messages',
  settings: '/u/settings',
  adminGuides: '/admin/guides',
  signIn: '/sign-in',
  authConflict: '/auth/conflict',
  providerApply: '/provider/apply',
  providerOnboarding: '/provider/onboarding',
  devLandingInternal: '/dev/landing-internal',
});

/**
 * Whether a URL path is one of the site's pages, as the route table matches it (React Router:
 * case-insensitive, a trailing slash ignored, `:name` any one segment but an empty one). Any other
 * path shows the not-found page, and the host's server answers it with 404.
 * @param {string} pathname
 */
export function isSitePath(pathname) {
  const segments = pathname.replace(/\/+$/, '').toLowerCase().split('/');
  return Object.values(PATHS).some((pattern) => {
    const parts = pattern.replace(/\/+$/, '').toLowerCase().split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/** Where sign-in returns to when nobody asked for a page. */
export const DEFAULT_RETURN_TO = PATHS.projects;

/**
 * Longest path a sign-in may return to (the magic-link request's `redirectTo`, the provider
 * sign-in's `returnTo`): the API refuses longer ones, so the sign-in page shortens them first.
 */
export const RETURN_PATH_MAX_LENGTH = 500;

/**
 * The query parameters of a campaign link that a trek request records as its `utm`: the wizard
 * reads them from its address, and the landing page passes them on to the wizard.
 */
export const CAMPAIGN_QUERY_PARAMETERS = /** @type {const} */ ({
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
});

/** A stand-in origin to resolve paths against; only its path, query and fragment are kept. */
const SITE = 'http://site.invalid';

/**
 * The path a browser would follow, if it stays on the site: '/x' but not '//host', '/\\host',
 * 'https://…', nor anything that becomes one of those once dot segments ('/.//host',
 * '/%2e%2e//host'), backslashes and control characters are resolved, as URL parsers and browsers
 * do; null otherwise. The answer is the resolved path, so what is checked is what is followed.
 * The API's redirects after signing in and the sign-in page's `returnTo` both ask it.
 * @param {string | null | undefined} value
 * @returns {string | null}
 */
export function sameOriginPath(value) {
  if (!value?.startsWith('/')) return null;
  // Printable ASCII only: control characters (a tab inside '/\t/evil', which URL parsers drop)
  // can turn a path into another host, and anything else cannot go in a Location header (a
  // redirect would fail after a single-use link was spent). Paths arrive URL-encoded.
  if ([...value].some((char) => char.charCodeAt(0) < 0x21 || char.charCodeAt(0) > 0x7e))
    return null;
  /** @type {URL} */
  let url;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/**
 * Visitors opening a page under these prefixes are sent to sign in first. `/projects/:id` is the
 * project page too: a visitor following a link to their own project signs in and lands on it
 * (someone else's then reads 'Project not found'), instead of a failure to fetch it.
 */
export const SIGNED_IN_AREAS = /** @type {const} */ (['/u/', '/projects/', '/admin/']);

/** @param {string} pathname */
export function requiresSignIn(pathname) {
  return SIGNED_IN_AREAS.some((area) => pathname.startsWith(area));
}

/**
 * Pages for admins only: the server says who is one (the user's `isAdmin`), and every admin call
 * is checked there too; the host only keeps others from a page that could show them nothing.
 */
export const ADMIN_AREAS = /** @type {const} */ (['/admin/']);

/** @param {string} pathname */
export function requiresAdmin(pathname) {
  return ADMIN_AREAS.some((area) => pathname.startsWith(area));
}

/**
 * Paths the host's origin forwards to the API, so its cookies stay first-party. Only the OAuth
 * routes under /auth belong to the API: /auth/conflict is a page.
 */
export const API_PATHS = /** @type {const} */ ([
  '/api',
  '/health',
  '/auth/google',
  '/auth/facebook',
]);

/**
 * The one API call whose body is not a small JSON document: a profile photo of at most 5 MB,
 * sent by PUT to the upload URL the API issued (`/api/profile-image/upload/<id>?signature=...`).
 * The API enforces the cap while it streams; the host's proxy lets this call, and only it,
 * carry that much.
 */
export const PROFILE_IMAGE_UPLOAD = /** @type {const} */ ({
  method: 'PUT',
  path: '/api/profile-image/upload',
  maxBytes: 5 * 1024 * 1024,
});

/**
 * Whether a request URL (path and query) goes to the API.
 * @param {string} url
 */
export function isApiPath(url) {
  return API_PATHS.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

/**
 * The names of a pattern's parameters: PathParams<'/u/projects/:id/edit'> is 'id'.
 * @template {string} P
 * @typedef {P extends `${string}:${infer Param}/${infer Rest}`
 *   ? Param | PathParams<`/${Rest}`>
 *   : P extends `${string}:${infer Param}` ? Param : never} PathParams
 */

/**
 * A concrete URL from a pattern: hrefTo(PATHS.project, { id: '42' }) is '/u/projects/42'.
 * Values are URL-encoded, so an id can never reach another path.
 * @template {string} P
 * @param {P} pattern
 * @param {Record<PathParams<P>, string>} params
 * @returns {string}
 */
export function hrefTo(pattern, params) {
  /** @type {Record<string, string>} */
  const values = params;
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`hrefTo: no value for ":${name}" in ${pattern}`);
    return encodeURIComponent(value);
  });
}

/**
 * The file under a build's `prerendered/` folder holding a route's markup made at build time
 * (host/scripts/prerender.mjs), as the site's server looks it up for the path it is asked for:
 * '/u/projects' is 'u.projects.json', '/' is '_root.json'. Undefined for any path that is not
 * exactly a route of one fixed URL's shape (a project's id has digits; a trailing slash, as the
 * route table's other readers see it, is another path), so no other path names a file.
 * @param {string} pathname
 */
export function prerenderedFileOf(pathname) {
  if (pathname === '/') return '_root.json';
  if (!/^(?:\/[a-z][a-z-]*)+$/.test(pathname)) return undefined;
  return `${pathname.slice(1).replaceAll('/', '.')}.json`;
}

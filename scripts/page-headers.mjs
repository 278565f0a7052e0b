// @ts-check
/**
 * Security headers of what the site's servers send (docs/decisions/0004-page-security-headers.md):
 * the host's pages get a Content-Security-Policy built from the remote map, the API's answers get
 * whatever of the same protections they lack, and a remote's server allows the host to read its
 * manifest and nothing more.
 */

import { PERMISSIONS_POLICY } from '../shared/src/contract/index.js';

export { PERMISSIONS_POLICY };

/** Two years, the value browsers' preload lists expect; sent over HTTPS deployments only. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * The origins a remote map loads code from, without duplicates: each manifest's origin, since a
 * remote's chunks, styles and images are fetched relative to its manifest.
 * @param {Record<string, string>} remoteMap
 */
export function remoteOrigins(remoteMap) {
  const origins = new Set();
  for (const url of Object.values(remoteMap)) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Validated before it gets here; an invalid entry grants nothing.
    }
  }
  return [...origins].sort();
}

/**
 * The policy of the host's pages. Scripts only from the site and the remotes (no inline script:
 * the remote map is a JSON data block, which is never executed); styles from the same places
 * plus the style elements Mantine writes at run time, which carry the page's nonce. A page sent
 * with prerendered markup also allows that markup's style attributes, each by its hash, and no
 * other.
 * @param {{ remoteOrigins: string[], styleNonce: string, styleAttributeHashes?: string[] }} options
 */
export function contentSecurityPolicy({
  remoteOrigins: remotes,
  styleNonce,
  styleAttributeHashes = [],
}) {
  const self = ["'self'", ...remotes];
  /** @type {Array<[string, string[]]>} */
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', self],
    ['style-src', [...self, `'nonce-${styleNonce}'`]],
    ...(styleAttributeHashes.length
      ? /** @type {Array<[string, string[]]>} */ ([
          [
            'style-src-attr',
            ["'unsafe-hashes'", ...styleAttributeHashes.map((hash) => `'sha256-${hash}'`)],
          ],
        ])
      : []),
    ['img-src', [...self, 'data:', 'blob:']],
    ['font-src', self],
    ['connect-src', self],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Headers of every HTML page of the host.
 * @param {{ remoteOrigins: string[], styleNonce: string, production: boolean, styleAttributeHashes?: string[] }} options
 * @returns {Record<string, string>}
 */
export function pageSecurityHeaders({
  remoteOrigins: remotes,
  styleNonce,
  production,
  styleAttributeHashes,
}) {
  return {
    'Content-Security-Policy': contentSecurityPolicy({
      remoteOrigins: remotes,
      styleNonce,
      ...(styleAttributeHashes ? { styleAttributeHashes } : {}),
    }),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // Same-origin requests keep their Referer and Origin (the API checks Origin on writes);
    // other sites learn nothing of the page a link was followed from.
    'Referrer-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(production ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * An HTML file on a server that is not the site (a remote's standalone page): inert, unframeable.
 * @returns {Record<string, string>}
 */
export function inertDocumentHeaders() {
  return {
    'Content-Security-Policy':
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * Every static file of the site's servers (a script, a style, an image, a manifest): never
 * sniffed as another type, never framed when opened as a document. No policy of its own: a
 * script's answer would impose it on a worker started from it.
 * @param {boolean} production
 * @returns {Record<string, string>}
 */
export function staticFileHeaders(production) {
  return {
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    ...(production ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * The servers' own plain answers (404, 405, 500, 503): protected like the pages around them,
 * with a policy under which nothing in them loads or runs.
 * @param {boolean} production
 * @returns {Record<string, string>}
 */
export function plainAnswerHeaders(production) {
  return {
    ...staticFileHeaders(production),
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Referrer-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/**
 * What an API answer relayed through the host's origin must carry at least, and all the host's
 * own answers on /api (its 413 and 502) carry. The API sets its own policy (helmet, no-store,
 * no HSTS: the host's is added here in production); only what it left out is added, so its
 * answers, redirects and its own error pages are protected like the pages around them, and a
 * profile photo keeps its own Cache-Control.
 * @param {boolean} production
 * @returns {Record<string, string>}
 */
export function apiBaselineHeaders(production) {
  return {
    // Every /api answer is no-store (README), the host's own answers included.
    'Cache-Control': 'no-store',
    ...plainAnswerHeaders(production),
  };
}

/**
 * The origin an address names, as a browser sends it in `Origin` (and as the API reads
 * PUBLIC_ORIGIN): 'https://trekperu.example/' and 'https://trekperu.example:443' are
 * 'https://trekperu.example', so the remotes' servers compare what the browser sends.
 * @param {string} value
 * @param {string} name
 */
export function originOf(value, name) {
  let url;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${name} must be an http:// or https:// origin (got "${value}")`);
  return url.origin;
}

/**
 * CORS of a remote's server: the host reads the manifest with fetch(); scripts, styles and
 * images load without CORS. So only GET and HEAD, only for the allowed origins.
 * @param {string | undefined} origin the request's Origin header
 * @param {readonly string[]} allowedOrigins
 * @returns {Record<string, string>}
 */
export function corsHeaders(origin, allowedOrigins) {
  const headers = { Vary: 'Origin' };
  if (origin && allowedOrigins.includes(origin)) {
    return { ...headers, 'Access-Control-Allow-Origin': origin };
  }
  return headers;
}

import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests from other sites (CSRF): an `Origin` that is not the site's own,
 * an opaque `Origin: null` not vouched for by `Sec-Fetch-Site: same-origin`, or, without an
 * Origin, a browser's `Sec-Fetch-Site: cross-site`. Requests with neither come from
 * non-browser clients, which cannot carry a victim's cookies.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    // Under `Referrer-Policy: no-referrer` (the magic-link page) browsers send `Origin: null`;
    // their Sec-Fetch-Site header still tells a same-origin form from another site's.
    if (origin === 'null') {
      if (request.headers['sec-fetch-site'] !== 'same-origin')
        throw new HttpError(403, 'FORBIDDEN', 'Forbidden');
      return;
    }
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new HttpError(403, 'FORBIDDEN', 'Forbidden');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new HttpError(403, 'FORBIDDEN', 'Forbidden');
  });
}

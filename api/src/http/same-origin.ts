import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route that other servers call, authenticated otherwise than by a browser's cookies. */
export interface ServerToServerRoute {
  method: string;
  url: string;
}

/**
 * Refuses state-changing requests from other sites (CSRF): an `Origin` that is not the site's own,
 * an opaque `Origin: null` not vouched for by `Sec-Fetch-Site: same-origin`, or, without an
 * Origin, a browser's `Sec-Fetch-Site: cross-site`. Requests with neither come from
 * non-browser clients, which cannot carry a victim's cookies. `exempt` names the routes (method
 * and route path exactly) that other servers call, which read no cookie and prove themselves
 * another way (a signed body).
 */
export function registerSameOriginCheck(
  app: FastifyInstance,
  allowedOrigins: string[],
  exempt: readonly ServerToServerRoute[] = [],
): void {
  const allowed = new Set(allowedOrigins);
  const exemptRoutes = new Set(exempt.map((route) => `${route.method} ${route.url}`));
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (exemptRoutes.has(`${request.method} ${request.routeOptions.url}`)) return;
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

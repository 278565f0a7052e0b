import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests from other sites (CSRF): an `Origin` that is not the site's own,
 * or, without one, a browser's `Sec-Fetch-Site: cross-site`. Requests with neither come from
 * non-browser clients, which cannot carry a victim's cookies.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new HttpError(403, 'Forbidden');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Forbidden');
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { PERMISSIONS_POLICY } from '@trek/shared/contract';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The API's security headers (helmet's defaults, and a CSP for JSON answers and a few tiny
 * server-rendered pages: nothing is embedded from elsewhere) and its default `Cache-Control:
 * no-store`. One function sets them on every answer, including the errors Fastify raises before
 * any hook runs.
 */
const helmetHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Nothing of the API is ever framed, not even by the site itself.
  xFrameOptions: { action: 'deny' },
});

export function applySecurityHeaders(request: IncomingMessage, response: ServerResponse): void {
  helmetHeaders(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  // Most answers depend on the session: after a logout on a shared computer the next person must
  // not find them in the browser's cache. So nothing is stored unless a route says otherwise with
  // `reply.header` (a profile photo), which takes precedence over a header set here on the socket.
  response.setHeader('Cache-Control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    applySecurityHeaders(request.raw, reply.raw);
  });
}

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
    // Exactly these directives: helmet's defaults would add others, among them
    // upgrade-insecure-requests, which breaks the links of the API's pages on a plain-HTTP
    // deployment that is not localhost.
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Nothing of the API is ever framed, not even by the site itself.
  xFrameOptions: { action: 'deny' },
  // The host's server owns HSTS (two years, production only) and adds it to /api answers that
  // lack it; helmet's one year, sent in development too, would win over it.
  strictTransportSecurity: false,
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

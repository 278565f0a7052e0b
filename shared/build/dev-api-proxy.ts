import type { ClientRequest, IncomingMessage } from 'node:http';
import type { ProxyConfig } from '@rsbuild/core';
import { API_PATHS } from '../src/contract/index.js';

/**
 * A remote's standalone dev server relays the API's paths to the API. The API refuses a
 * state-changing call whose `Origin` is not the site's (`PUBLIC_ORIGIN`, the host's), and the
 * standalone page has an origin of its own (http://localhost:3002): without this every delete,
 * edit or sign-out made there would answer 403. A call from the dev server's own page is sent as
 * the site's; one from any other origin keeps its `Origin`, so the API still refuses it.
 */
export function standaloneApiProxy(apiOrigin: string, siteOrigin: string): ProxyConfig {
  const proxyReq = (proxyRequest: ClientRequest, request: IncomingMessage) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin === `http://${request.headers.host}`)
      proxyRequest.setHeader('origin', siteOrigin);
  };
  return Object.fromEntries(
    API_PATHS.map((path) => [path, { target: apiOrigin, on: { proxyReq } }]),
  );
}

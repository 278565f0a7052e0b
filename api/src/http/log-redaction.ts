import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret, or data that is not ours to keep in logs: magic-link
 * tokens, the conflict page's linking token, OAuth codes and states, the wizard form carried
 * through a social sign-in, the WhatsApp webhook's verify token, and signed upload URLs. Add the
 * parameter here when a new URL carries one; every log line goes through `redactUrl`.
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'token',
  'linkingToken',
  'code',
  'state',
  'formData',
  // The WhatsApp webhook's verification handshake (routes/whatsapp-webhook.ts).
  'hub.verify_token',
  'signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
];

const SECRET_NAMES = new Set(SECRET_QUERY_PARAMETERS.map((name) => name.toLowerCase()));

export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced; the rest is kept as sent. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const [query = '', fragment] = url.slice(start + 1).split('#', 2);
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // a malformed name is kept as it is; it cannot name a secret parameter
    }
    return equals !== -1 && SECRET_NAMES.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, start)}?${parts.join('&')}${fragment === undefined ? '' : `#${fragment}`}`;
}

/** The request as every log line shows it: Fastify's fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Paths pino removes from whatever is logged: cookies, and secrets in logged bodies. */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.token',
  '*.linkingToken',
  '*.magicLink',
  '*.codeVerifier',
  '*.uploadURL',
];

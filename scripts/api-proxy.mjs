// @ts-check
/**
 * The host origin's gateway to the API (cookies stay first-party). It relays every answer of the
 * API as sent, status and body, also when the API answers before reading the request body (413,
 * 403, 415, 429), and a client that goes away takes its upstream request with it.
 *
 * The request body is read whole before the API is asked, as nginx does by default
 * (proxy_request_buffering): streaming it instead raced the API's early answer, since writing to
 * a connection the API has just closed destroys the socket before its answer is read (62 of 2,110
 * hostile requests got 502 or a reset, issue 8). Buffered, the request goes out in one write, so
 * the answer is always read before any write error can be seen.
 */
import http from 'node:http';
import { pipeline } from 'node:stream';
import { isLoopback, PROFILE_IMAGE_UPLOAD } from '../shared/src/contract/index.js';
import { apiBaselineHeaders } from './page-headers.mjs';

/**
 * No API route accepts more (JSON bodies are limited to 64 KiB); a larger body is answered 413
 * here, in the API's words, without reaching it.
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * A profile photo's upload (5 MB) gets a cap just above its own, so a photo a little over 5 MB
 * still reaches the API, which answers its own 413 in its own words; nothing else gets more than
 * DEFAULT_MAX_BODY_BYTES.
 */
export const UPLOAD_MAX_BODY_BYTES = PROFILE_IMAGE_UPLOAD.maxBytes + 64 * 1024;

/**
 * The largest body the proxy forwards for this request.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} defaultMax
 */
function maxBodyFor(req, defaultMax) {
  const path = (req.url ?? '').split('?')[0] ?? '';
  const isUpload =
    req.method === PROFILE_IMAGE_UPLOAD.method && path.startsWith(`${PROFILE_IMAGE_UPLOAD.path}/`);
  return isUpload ? Math.max(defaultMax, UPLOAD_MAX_BODY_BYTES) : defaultMax;
}

/** After a 413 the rest of the body is read and dropped (closing would reset the connection
 * before the client reads the answer), up to this much; then the connection is closed. */
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

/** Headers of one connection, never forwarded (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {string[]} [alsoDrop]
 */
function endToEndHeaders(headers, alsoDrop = []) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    if (alsoDrop.includes(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * Whose X-Forwarded-For the host believes, as the API's TRUST_PROXY does for the host:
 * `false`, nobody's (the header is replaced by the peer, so a visitor cannot choose their
 * address); `'loopback'`, a proxy on this machine (a TLS reverse proxy beside the host); `true`,
 * whoever connects (a load balancer on another machine, when only it can reach the host's port).
 * @typedef {false | 'loopback' | true} ForwardedForTrust
 */

/**
 * HOST_TRUST_PROXY's value, or an error naming the variable (a bad value stops start-up).
 * @param {string | undefined} value
 * @param {string} [name]
 * @returns {ForwardedForTrust}
 */
export function parseForwardedForTrust(value, name = 'HOST_TRUST_PROXY') {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'loopback') return 'loopback';
  if (value === 'true') return true;
  throw new Error(`${name} must be false, loopback or true (got "${value}")`);
}

/**
 * The X-Forwarded-For sent to the API. Behind a trusted proxy its header is kept and the proxy
 * appended (as nginx's $proxy_add_x_forwarded_for does), so the API, trusting one more hop
 * (TRUST_PROXY=2), counts visitors by their own address instead of the proxy's; otherwise the
 * header is the peer alone.
 * @param {string} peer the socket's remote address
 * @param {string | string[] | undefined} sent the header as received
 * @param {ForwardedForTrust} trust
 */
export function forwardedFor(peer, sent, trust) {
  const believed = trust === true || (trust === 'loopback' && isLoopback(peer));
  const chain = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  return believed && chain !== '' ? `${chain}, ${peer}` : peer;
}

/**
 * @typedef {object} ApiProxyOptions
 * @property {number} [maxBodyBytes] largest request body forwarded (the photo upload gets more);
 *   larger ones get 413 here
 * @property {boolean} [production] adds HSTS to answers that lack it
 * @property {ForwardedForTrust} [trustForwardedFor] whose X-Forwarded-For is kept (default none)
 */

/**
 * @param {string} target the API's origin, e.g. http://127.0.0.1:4000
 * @param {ApiProxyOptions} [options]
 */
export function createApiProxy(target, options = {}) {
  const defaultMaxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const baseline = apiBaselineHeaders(options.production ?? false);
  const trustForwardedFor = options.trustForwardedFor ?? false;
  const agent = new http.Agent({ keepAlive: true, timeout: 5000 });

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function proxy(req, res) {
    const maxBodyBytes = maxBodyFor(req, defaultMaxBodyBytes);
    /** @type {Buffer[]} */
    const chunks = [];
    let received = 0;
    let refused = false;
    const refuse = () => {
      refused = true;
      chunks.length = 0;
      res.writeHead(413, { ...baseline, 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'Request body too large' }));
    };
    if (Number(req.headers['content-length']) > maxBodyBytes) refuse();
    req.on('data', (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (refused) {
        if (received > maxBodyBytes + MAX_DRAINED_BYTES) req.socket.destroy();
        return;
      }
      if (received > maxBodyBytes) refuse();
      else chunks.push(chunk);
    });
    // A client that leaves before its body is complete never reaches the API.
    req.on('end', () => {
      if (!refused && !res.destroyed) forward(req, res, Buffer.concat(chunks), true);
    });
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {Buffer} body
   * @param {boolean} mayRetry
   */
  function forward(req, res, body, mayRetry) {
    const url = new URL(req.url ?? '/', target);
    const headers = endToEndHeaders(req.headers, ['content-length', 'expect', 'host']);
    if (body.length > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(req.method ?? 'GET')) {
      headers['content-length'] = body.length;
    }
    headers.host = url.host;
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-for'] = forwardedFor(
      req.socket.remoteAddress ?? '',
      req.headers['x-forwarded-for'],
      trustForwardedFor,
    );

    let answered = false;
    const upstream = http.request(url, { method: req.method, headers, agent });
    upstream.on('response', (answer) => {
      answered = true;
      const relayed = endToEndHeaders(answer.headers);
      for (const [name, value] of Object.entries(baseline)) {
        if (relayed[name.toLowerCase()] === undefined) relayed[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, relayed);
      // If the API dies half-way through its answer, the client's response is cut too.
      pipeline(answer, res, () => {});
    });
    upstream.on('error', (error) => {
      // Once the answer is on its way, a reset of the API's connection changes nothing.
      if (answered || res.destroyed) return;
      // A kept-alive connection the API closed just as it was reused: the request never arrived.
      if (
        mayRetry &&
        upstream.reusedSocket &&
        /** @type {NodeJS.ErrnoException} */ (error).code === 'ECONNRESET'
      ) {
        forward(req, res, body, false);
        return;
      }
      res.writeHead(502, { ...baseline, 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'The API is not reachable.' }));
    });
    // The client went away before the whole answer was sent: no half-open request is left behind.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  return Object.assign(proxy, { close: () => agent.destroy() });
}

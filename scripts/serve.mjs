// @ts-check
/**
 * Serves a production build, in one of two roles:
 * - the host (`spa`): the site's pages (index.html for every route, with the current remote map
 *   and a Content-Security-Policy built from it), its static files, and the API's paths relayed
 *   to the API so cookies are first-party;
 * - a remote: its static files, readable by the host's origin (CORS for GET and HEAD only).
 * Files are looked up on disk at every request, so a folder can be redeployed under a running
 * server; the host reads the remote map file on every page, so a map edit needs no restart.
 *
 * Used by scripts/start.mjs, the e2e tests and the benchmark. As a CLI:
 *   node scripts/serve.mjs --dir host/dist --port 3000 --spa [--remote-map FILE] [--proxy URL]
 *   node scripts/serve.mjs --dir mfe-projects/dist --port 3002 --cors http://localhost:3000
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  isApiPath,
  isSitePath,
  PAGE_SLOT_MARKUP,
  prerenderedFileOf,
  RESUMING_QUERY_PARAMETERS,
  remoteRouteOf,
  SAVED_ANSWERS_COOKIE,
  SESSION_COOKIE,
  STYLE_NONCE_PLACEHOLDER,
  USER_READ_PATH,
} from '../shared/src/contract/index.js';
import { createApiProxy, parseForwardedForTrust } from './api-proxy.mjs';
import { createPageFragments } from './page-fragments.mjs';
import {
  corsHeaders,
  inertDocumentHeaders,
  originOf,
  pageSecurityHeaders,
  plainAnswerHeaders,
  remoteOrigins,
  staticFileHeaders,
} from './page-headers.mjs';
import { liveRemoteMap, validateRemoteMap } from './remote-map-file.mjs';
import { attribute, createRoutePreloader } from './route-preload.mjs';
import { acceptsCoding, staticFiles } from './static-files.mjs';

const REMOTE_MAP_SCRIPT =
  /(<script id="remote-map" type="application\/json">)([\s\S]*?)(<\/script>)/;

/**
 * @typedef {import('./remote-map-file.mjs').RemoteMap} RemoteMap
 * @typedef {object} StaticServerOptions
 * @property {string} dir folder of the build
 * @property {number} port 0 for any free port
 * @property {string} [host] interface to listen on (default 127.0.0.1)
 * @property {boolean} [spa] the host: index.html for every path that is not a file
 * @property {string} [remoteMapFile] the host: JSON file of the remote map, read on every page
 * @property {RemoteMap} [remoteMap] the host: a fixed remote map (instead of a file)
 * @property {string} [proxyTarget] the host: origin of the API for its paths (/api, /health, ...)
 * @property {number} [maxBodyBytes] the host: largest request body relayed to the API
 * @property {import('./api-proxy.mjs').ForwardedForTrust} [trustForwardedFor] the host: whose
 *   X-Forwarded-For is relayed to the API with the peer appended (default none: replaced)
 * @property {readonly string[]} [corsOrigins] a remote: origins allowed to read its files
 * @property {boolean} [production] HSTS on (default: NODE_ENV is production)
 * @property {number} [firstRemoteReadWaitMs] the host: how long the first read of a remote's
 *   manifest or prerendered page waits for its answer (default FIRST_READ_WAIT_MS)
 */

/**
 * @param {StaticServerOptions} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startStaticServer(options) {
  const dir = resolve(options.dir);
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const corsOrigins = (options.corsOrigins ?? []).map((origin) =>
    originOf(origin, 'A CORS origin'),
  );
  const plainAnswer = {
    ...plainAnswerHeaders(production),
    'Content-Type': 'text/plain; charset=utf-8',
  };
  const currentRemoteMap = options.remoteMapFile
    ? liveRemoteMap(options.remoteMapFile)
    : async () => options.remoteMap;
  const proxy = options.proxyTarget
    ? createApiProxy(options.proxyTarget, {
        production,
        ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
        ...(options.trustForwardedFor ? { trustForwardedFor: options.trustForwardedFor } : {}),
      })
    : undefined;
  const remoteReads = { firstReadWaitMs: options.firstRemoteReadWaitMs };
  const preloadHints = createRoutePreloader(remoteReads);
  const pageFragment = createPageFragments(remoteReads);
  const files = staticFiles(dir, {
    // Hashed chunks (static/) never change; the manifest, the remote entry and pages are
    // revalidated, so a redeployed remote is picked up at once.
    cacheControl: (pathname) =>
      /\/static\//.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
    errorHeaders: plainAnswer,
    setHeaders: (res, pathname) => {
      if (!pathname.endsWith('.html')) return;
      for (const [name, value] of Object.entries(inertDocumentHeaders()))
        res.setHeader(name, value);
    },
  });

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function sendPage(req, res) {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    let html;
    try {
      html = await readFile(join(dir, 'index.html'), 'utf8');
    } catch (error) {
      console.error(`Cannot read ${dir}/index.html: ${/** @type {Error} */ (error).message}`);
      res.writeHead(503, { ...plainAnswer, 'Retry-After': '5' });
      res.end('The site is being updated. Please try again in a moment.');
      return;
    }
    const remoteMap = (await currentRemoteMap()) ?? bakedRemoteMap(html);
    const styleNonce = randomBytes(16).toString('base64');
    // Each page carries its own nonce, so it is compressed per answer (a few to some 60 kB).
    let [hints, prerendered] = await Promise.all([
      preloadHints(pathname, remoteMap, { signedIn: hasSession(req) }),
      prerenderedPage(dir, pathname),
    ]);
    // The remote page's own first screen in the frame, unless this browser has answers to resume.
    const pageSlot = prerendered?.pageSlot;
    if (prerendered && pageSlot && !hasSavedAnswers(req) && !resumesAnswers(req.url)) {
      const fragment = await pageFragment(pathname, remoteMap);
      if (fragment?.page === pageSlot.page) {
        prerendered = withPageFragment({ ...prerendered, pageSlot }, fragment);
      }
    }
    const { body, coding } = compressPage(
      renderPage(
        remoteRouteOf(pathname) ? html : withoutFederationPreload(html),
        remoteMap,
        styleNonce,
        [userReadHint(Date.now()), hints].filter(Boolean).join('\n    '),
        prerendered,
      ),
      String(req.headers['accept-encoding'] ?? ''),
    );
    // The app shows its not-found page for a path of no route (/index.html, the build's file, is
    // none either); the answer says so too (a search engine or a link checker reads the status).
    res.writeHead(isSitePath(pathname) ? 200 : 404, {
      ...pageSecurityHeaders({
        remoteOrigins: remoteOrigins(remoteMap ?? {}),
        styleNonce,
        production,
        ...(prerendered ? { styleAttributeHashes: prerendered.styleHashes } : {}),
      }),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding, Cookie',
      ...(coding ? { 'Content-Encoding': coding } : {}),
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function handle(req, res) {
    const url = req.url ?? '/';
    if (proxy && isApiPath(url)) {
      proxy(req, res);
      return;
    }
    // Every answer from here on; a page, an inert HTML file or an error adds to them.
    for (const [name, value] of Object.entries(staticFileHeaders(production))) {
      res.setHeader(name, value);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...plainAnswer, Allow: 'GET, HEAD' });
      res.end('Method not allowed');
      return;
    }
    if (corsOrigins.length) {
      for (const [name, value] of Object.entries(corsHeaders(req.headers.origin, corsOrigins))) {
        res.setHeader(name, value);
      }
    }
    const pathname = url.split('?')[0] ?? '/';
    if (options.spa && (pathname === '/' || pathname === '/index.html')) {
      await sendPage(req, res);
      return;
    }
    if ((await files(req, res, pathname)) === 'served') return;
    // Every path that does not name a file is a route of the single-page app.
    if (options.spa && !/\.[a-z0-9]+$/i.test(pathname)) {
      await sendPage(req, res);
      return;
    }
    res.writeHead(404, plainAnswer);
    res.end('Not found');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      // Whatever went wrong, this request fails alone; the server goes on.
      console.error(`Serving ${req.url} failed:`, error);
      if (!res.headersSent) {
        res.writeHead(500, plainAnswer);
        res.end('Internal server error');
      } else {
        res.destroy();
      }
    });
  });

  // A request Node refuses before any handler runs (an address over its 16 kB of headers, say a
  // link with a huge returnTo) gets Node's status with a line of text and the usual headers,
  // rather than an empty answer the browser shows as its own error page.
  /**
   * Connections with an answer under way: an error answer written there would land inside it, so
   * such a connection is closed instead, as Node's own handler does (it checks `_httpMessage`).
   */
  const answering = new WeakSet();
  server.on('request', (req, res) => {
    answering.add(req.socket);
    res.on('close', () => answering.delete(req.socket));
  });
  server.on('clientError', (error, socket) => {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (
      socket.writable &&
      !socket.writableEnded &&
      !answering.has(socket) &&
      code !== 'ECONNRESET'
    ) {
      const [status, reason, text] =
        code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'This address is too long to open.']
          : code === 'HPE_HEADER_TIMEOUT' || code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'The request took too long to arrive.']
            : [400, 'Bad Request', 'Bad request'];
      const body = Buffer.from(`${text}\n`);
      const headers = { ...plainAnswer, 'Content-Length': body.length, Connection: 'close' };
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}\r\n${body}`,
      );
    } else {
      socket.destroy();
    }
  });

  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolveListen(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
        proxy?.close();
      }),
  };
}

/**
 * A page as the browser accepts it: brotli, else gzip, else as is.
 * @param {string} page
 * @param {string} acceptEncoding
 * @returns {{ body: Buffer, coding?: 'br' | 'gzip' }}
 */
export function compressPage(page, acceptEncoding) {
  const raw = Buffer.from(page);
  if (acceptsCoding(acceptEncoding, 'br')) {
    return {
      body: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      coding: 'br',
    };
  }
  if (acceptsCoding(acceptEncoding, 'gzip')) return { body: gzipSync(raw), coding: 'gzip' };
  return { body: raw };
}

/**
 * The map the build wrote into index.html, for a host served without a map of its own.
 * @param {string} html
 * @returns {RemoteMap | undefined}
 */
function bakedRemoteMap(html) {
  const json = REMOTE_MAP_SCRIPT.exec(html)?.[2];
  if (!json) return undefined;
  try {
    const result = validateRemoteMap(JSON.parse(json));
    return 'map' in result ? result.map : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @typedef {object} PrerenderedPage a page's markup made at build time (host/scripts/prerender.mjs)
 * @property {string} [title]
 * @property {string[]} stylesheets applied at once
 * @property {string[]} styleHashes of the markup's style attributes
 * @property {string} html
 * @property {{ page: string, html: string }} [pageSlot] the same markup with a remote page's
 *   place marked instead of its skeleton, and which page ('remote/Page') goes there
 * @property {string} [css] styles the page carries in a style element of its own
 */

/**
 * The build's prerendered markup of a route (prerendered/landing.json for /landing), if any.
 * Read at every page, like index.html, so a redeployed build is served at once.
 * @param {string} dir
 * @param {string} pathname
 * @returns {Promise<PrerenderedPage | undefined>}
 */
async function prerenderedPage(dir, pathname) {
  const name = prerenderedFileOf(pathname);
  if (!name) return undefined;
  let value;
  try {
    value = JSON.parse(await readFile(join(dir, 'prerendered', name), 'utf8'));
  } catch {
    return undefined;
  }
  // A file of another shape (a half-written deploy, another build's format) is ignored: the
  // page goes out as the scripts alone render it.
  const strings = (/** @type {unknown} */ list) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (
    typeof value?.html !== 'string' ||
    !(value.title === undefined || typeof value.title === 'string') ||
    !strings(value.stylesheets) ||
    !strings(value.styleHashes) ||
    !value.styleHashes.every((/** @type {string} */ hash) => /^[A-Za-z0-9+/]{43}=$/.test(hash)) ||
    !(
      value.pageSlot === undefined ||
      (typeof value.pageSlot?.page === 'string' &&
        typeof value.pageSlot.html === 'string' &&
        value.pageSlot.html.includes(PAGE_SLOT_MARKUP))
    )
  ) {
    console.error(`Ignoring ${dir}/prerendered/${name}: not a prerendered page`);
    return undefined;
  }
  return value;
}

/**
 * The frame with the remote page's own prerendered markup in its place, inert until the page's
 * code replaces it (nothing in it works before), with the page's title and styles.
 * @param {PrerenderedPage & { pageSlot: { page: string, html: string } }} frame
 * @param {import('./page-fragments.mjs').PageFragment} fragment
 * @returns {PrerenderedPage}
 */
export function withPageFragment(frame, fragment) {
  const page = `<div data-prerendered-page="${attribute(frame.pageSlot.page)}" inert aria-busy="true">${fragment.html}</div>`;
  return {
    title: fragment.title ?? frame.title,
    stylesheets: frame.stylesheets,
    styleHashes: [...new Set([...frame.styleHashes, ...fragment.styleHashes])].sort(),
    html: frame.pageSlot.html.replace(PAGE_SLOT_MARKUP, () => page),
    css: fragment.css,
  };
}

/**
 * Every page reads the user first (signed in or not), after its scripts: asked with the page
 * instead, at an address carrying the page's time, which the scripts' first read takes
 * (fetchCurrentUser). Without it the user, and every page behind sign-in, waited for the scripts.
 * @param {number} now
 */
export function userReadHint(now) {
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${USER_READ_PATH}?t=${now}">`;
}

/**
 * The cookies a request carries, by name (the server only looks at which are there, and a flag's
 * value; the API reads the session itself).
 * @param {http.IncomingMessage} req
 * @returns {Map<string, string>}
 */
function cookiesOf(req) {
  return new Map(
    String(req.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

/**
 * Whether the request carries a session cookie (valid or not: only the API can tell).
 * @param {http.IncomingMessage} req
 */
function hasSession(req) {
  const cookies = cookiesOf(req);
  return cookies.has(SESSION_COOKIE.production) || cookies.has(SESSION_COOKIE.development);
}

/**
 * Whether the address brings answers back (a social sign-in's return), which the wizard resumes.
 * @param {string | undefined} url
 */
function resumesAnswers(url) {
  const query = new URLSearchParams((url ?? '').split('?')[1] ?? '');
  return RESUMING_QUERY_PARAMETERS.some((name) => query.has(name));
}

/**
 * Whether the browser says it has answers to resume (SAVED_ANSWERS_COOKIE).
 * @param {http.IncomingMessage} req
 */
function hasSavedAnswers(req) {
  return cookiesOf(req).get(SAVED_ANSWERS_COOKIE) === '1';
}

/**
 * The hint of the host's build for federation's runtime (host/rsbuild.config.ts), which only a
 * page showing a remote needs: another page would download it for nothing.
 */
const FEDERATION_PRELOAD = /\s*<link\b[^>]*\bhref="[^"]*\/federation\.[0-9a-f]+\.js"[^>]*>/g;

/** @param {string} html */
export function withoutFederationPreload(html) {
  return html.replace(FEDERATION_PRELOAD, '');
}

/**
 * index.html with the current remote map and the style nonce of this answer (Mantine reads it
 * from the meta element and puts it on the style elements it writes), and the route's
 * prerendered markup if the build made one: its title, its stylesheets applied at once (the
 * scripts would only apply them once they run) and its markup in the root element, which the
 * browser's first render replaces.
 * @param {string} html
 * @param {RemoteMap | undefined} remoteMap
 * @param {string} styleNonce
 * @param {string} [preloadHints] `<link rel="preload">` elements for the page's remote code
 * @param {PrerenderedPage} [prerendered]
 */
export function renderPage(html, remoteMap, styleNonce, preloadHints = '', prerendered) {
  const stylesheets =
    (prerendered?.stylesheets ?? [])
      .map((href) => `\n    <link rel="stylesheet" href="${attribute(href)}">`)
      .join('') +
    (prerendered?.css ? `\n    <style nonce="${styleNonce}">${prerendered.css}</style>` : '');
  let page = html.replace(
    /<head[^>]*>/,
    (head) =>
      `${head}\n    <meta property="csp-nonce" nonce="${styleNonce}" />${preloadHints ? `\n    ${preloadHints}` : ''}${stylesheets}`,
  );
  if (prerendered) {
    if (prerendered.title) {
      const title = attribute(prerendered.title);
      page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
    }
    const markup = prerendered.html.replaceAll(STYLE_NONCE_PLACEHOLDER, styleNonce);
    page = page.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  }
  if (remoteMap) {
    if (!REMOTE_MAP_SCRIPT.test(page)) throw new Error('index.html has no remote-map script');
    // Escape '<' so a URL can never close the script element.
    const json = JSON.stringify(remoteMap).replace(/</g, '\\u003c');
    page = page.replace(REMOTE_MAP_SCRIPT, (_m, open, _old, close) => `${open}${json}${close}`);
  }
  return page;
}

const isCli =
  process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isCli) {
  const usage =
    'Usage: node scripts/serve.mjs --dir <build folder> --port <port>\n' +
    '         host:   --spa [--remote-map <file>] [--proxy <api origin>]\n' +
    '                 [--trust-proxy false|loopback|true] [--host <interface>]\n' +
    '         remote: [--cors <host origin>]...';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        dir: { type: 'string' },
        port: { type: 'string', default: '0' },
        spa: { type: 'boolean', default: false },
        'remote-map': { type: 'string' },
        cors: { type: 'string', multiple: true },
        proxy: { type: 'string' },
        'trust-proxy': { type: 'string' },
        host: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n${usage}`);
    process.exit(2);
  }
  if (!values.dir) {
    console.error(usage);
    process.exit(2);
  }
  try {
    const trustForwardedFor = parseForwardedForTrust(values['trust-proxy'], '--trust-proxy');
    const server = await startStaticServer({
      dir: values.dir,
      port: Number(values.port),
      spa: values.spa,
      ...(values.host ? { host: values.host } : {}),
      ...(values['remote-map'] ? { remoteMapFile: values['remote-map'] } : {}),
      ...(values.cors ? { corsOrigins: values.cors } : {}),
      ...(values.proxy ? { proxyTarget: values.proxy } : {}),
      ...(trustForwardedFor ? { trustForwardedFor } : {}),
    });
    console.log(`Serving ${values.dir} at ${server.url}`);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}

// @ts-check
/**
 * Serves a production build: the host (SPA fallback, remote map injected into index.html,
 * /api, /health and the OAuth routes under /auth proxied to the API so cookies are first-party) or a remote (static
 * files with CORS, since the host fetches the manifest with fetch()).
 *
 * Used by scripts/start.mjs, the e2e tests and the benchmark. As a CLI:
 *   node scripts/serve.mjs --dir host/dist --port 3000 [--spa] [--cors] [--proxy http://127.0.0.1:4000]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sirv from 'sirv';

// /auth/conflict is a page of the host; only the OAuth routes under /auth belong to the API.
export const PROXIED_PREFIXES = ['/api', '/health', '/auth/google', '/auth/facebook'];
const REMOTE_MAP_SCRIPT =
  /(<script id="remote-map" type="application\/json">)([\s\S]*?)(<\/script>)/;

/**
 * @typedef {object} StaticServerOptions
 * @property {string} dir folder of the build
 * @property {number} port 0 for any free port
 * @property {string} [host] interface to listen on (default 127.0.0.1... and localhost)
 * @property {boolean} [spa] answer unknown paths with index.html
 * @property {boolean} [cors] allow any origin to read the files (remotes)
 * @property {string} [proxyTarget] origin of the API for /api, /auth and /health
 * @property {Record<string, string>} [remoteMap] written into index.html's remote map script
 */

/**
 * @param {StaticServerOptions} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startStaticServer(options) {
  const dir = resolve(options.dir);
  const indexHtml = options.spa ? renderIndex(dir, options.remoteMap) : undefined;
  const files = sirv(dir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      // Hashed assets never change; everything else (index.html, mf-manifest.json,
      // remoteEntry.js) must be revalidated so a redeployed remote is picked up.
      if (/\/static\//.test(pathname)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (
      options.proxyTarget &&
      PROXIED_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`))
    ) {
      proxy(req, res, options.proxyTarget);
      return;
    }
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.statusCode = 204;
        res.end();
        return;
      }
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const sendIndex = () => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(indexHtml);
    };
    const path = url.split('?')[0] ?? '/';
    if (indexHtml !== undefined && (path === '/' || path === '/index.html')) {
      sendIndex();
      return;
    }
    files(req, res, () => {
      if (indexHtml !== undefined && req.method === 'GET' && !/\.[a-z0-9]+$/i.test(path)) {
        sendIndex();
        return;
      }
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    });
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
      }),
  };
}

/**
 * @param {string} dir
 * @param {Record<string, string> | undefined} remoteMap
 */
function renderIndex(dir, remoteMap) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  if (!remoteMap) return html;
  if (!REMOTE_MAP_SCRIPT.test(html)) throw new Error(`${dir}/index.html has no remote-map script`);
  // Escape '<' so a URL can never close the script element.
  const json = JSON.stringify(remoteMap).replace(/</g, '\\u003c');
  return html.replace(REMOTE_MAP_SCRIPT, (_m, open, _old, close) => `${open}${json}${close}`);
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {string} target
 */
function proxy(req, res, target) {
  const targetUrl = new URL(req.url ?? '/', target);
  const upstream = http.request(
    targetUrl,
    {
      method: req.method,
      headers: {
        ...req.headers,
        host: targetUrl.host,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
        'x-forwarded-for': req.socket.remoteAddress ?? '',
      },
    },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/json' });
    }
    res.end(JSON.stringify({ message: 'The API is not reachable.' }));
  });
  req.pipe(upstream);
}

const isCli =
  process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isCli) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      port: { type: 'string', default: '0' },
      spa: { type: 'boolean', default: false },
      cors: { type: 'boolean', default: false },
      proxy: { type: 'string' },
    },
  });
  if (!values.dir) {
    console.error(
      'Usage: node scripts/serve.mjs --dir <build folder> --port <port> [--spa] [--cors] [--proxy <api origin>]',
    );
    process.exit(2);
  }
  const server = await startStaticServer({
    dir: values.dir,
    port: Number(values.port),
    spa: values.spa,
    cors: values.cors,
    ...(values.proxy ? { proxyTarget: values.proxy } : {}),
  });
  console.log(`Serving ${values.dir} at ${server.url}`);
}

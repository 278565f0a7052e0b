// @ts-check
/**
 * Static files looked up on disk at every request, so a served folder may change under a running
 * server: a file added later is served, a deleted one is 404, a read error is 500, and none of
 * them can stop the process. (sirv, used before, indexed the folder at start and let the read
 * stream of a deleted file throw an unhandled error that killed the process: issue 14.)
 *
 * Precompressed `.br` / `.gz` files next to the originals are sent when the browser accepts them.
 */
import { open } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** Content codings of precompressed siblings, preferred first. */
const PRECOMPRESSED = /** @type {const} */ ([
  ['br', '.br'],
  ['gzip', '.gz'],
]);

/**
 * Whether an Accept-Encoding header accepts a content coding: named (or `*`, when it is not named)
 * with a weight above 0, as RFC 9110 reads it; 'br;q=0' refuses brotli.
 * @param {string} acceptEncoding
 * @param {string} coding
 */
export function acceptsCoding(acceptEncoding, coding) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = weights.get(coding) ?? weights.get('*') ?? 0;
  return weight > 0;
}

/**
 * Files of a build that browsers never ask for, so never served: a precompressed sibling by its
 * own name (it is only sent for its original, under Content-Encoding; by name it went out raw
 * as application/octet-stream), and Module Federation's build statistics, for tools only (the
 * runtime reads mf-manifest.json).
 */
const NOT_FOR_BROWSERS = /(?:\.br|\.gz|(?:^|\/)mf-stats\.json)$/i;

/** Errors that mean "there is no such file here" rather than "the disk failed". */
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EISDIR']);

/**
 * @typedef {'served' | 'not-found'} Outcome
 * @typedef {object} StaticFilesOptions
 * @property {(pathname: string) => string} cacheControl Cache-Control for a served path
 * @property {(res: import('node:http').ServerResponse, pathname: string) => void} [setHeaders]
 *   extra headers for a served file (called before they are sent)
 * @property {Record<string, string>} [errorHeaders] headers of the 500 of a file that cannot be
 *   read (its server's own plain answers')
 */

/**
 * The file behind a request path, or undefined when the path can never name a servable file
 * (outside the folder, a dotfile, a directory, malformed escapes, a file not for browsers).
 * @param {string} root absolute folder
 * @param {string} pathname the URL's path, still percent-encoded
 */
export function fileFor(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.endsWith('/')) return undefined;
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  if (NOT_FOR_BROWSERS.test(decoded)) return undefined;
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(`${root}${sep}`) ? file : undefined;
}

/**
 * @param {string} dir folder to serve
 * @param {StaticFilesOptions} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, pathname: string) => Promise<Outcome>}
 *   answers the request when the file exists (200, 304 or 500), else leaves it to the caller
 */
export function staticFiles(dir, options) {
  const root = resolve(dir);
  return async function serveFile(req, res, pathname) {
    const file = fileFor(root, pathname);
    if (!file) return 'not-found';
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const candidates = [
      ...PRECOMPRESSED.filter(([coding]) => acceptsCoding(accepted, coding)).map(
        ([coding, suffix]) => ({ path: `${file}${suffix}`, coding }),
      ),
      { path: file, coding: undefined },
    ];

    for (const candidate of candidates) {
      /** @type {import('node:fs/promises').FileHandle | undefined} */
      let handle;
      try {
        // An open handle keeps reading the file even if it is deleted or replaced meanwhile.
        handle = await open(candidate.path, 'r');
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          continue;
        }
        const etag = `W/"${stats.size}-${Math.trunc(stats.mtimeMs)}${candidate.coding ? `-${candidate.coding}` : ''}"`;
        options.setHeaders?.(res, pathname);
        /** @type {Record<string, string | number>} */
        const headers = {
          'Cache-Control': options.cacheControl(pathname),
          ETag: etag,
          'Last-Modified': stats.mtime.toUTCString(),
          Vary: [res.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', '),
        };
        if (req.headers['if-none-match'] === etag) {
          await handle.close();
          res.writeHead(304, headers).end();
          return 'served';
        }
        headers['Content-Type'] = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
        headers['Content-Length'] = stats.size;
        if (candidate.coding) headers['Content-Encoding'] = candidate.coding;
        if (req.method === 'HEAD') {
          await handle.close();
          res.writeHead(200, headers).end();
          return 'served';
        }
        res.writeHead(200, headers);
        // pipeline closes the handle and, on a read error after the headers, cuts the response:
        // the client sees a broken download, the server goes on.
        pipeline(handle.createReadStream(), res, (error) => {
          if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') {
            console.error(`Reading ${candidate.path} failed: ${error.message}`);
          }
        });
        return 'served';
      } catch (error) {
        await handle?.close().catch(() => {});
        const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? '';
        if (NOT_FOUND_CODES.has(code)) continue;
        console.error(`Reading ${candidate.path} failed: ${/** @type {Error} */ (error).message}`);
        if (!res.headersSent) {
          res.writeHead(500, {
            'Content-Type': 'text/plain; charset=utf-8',
            ...options.errorHeaders,
            'Cache-Control': 'no-store',
          });
          res.end('The file could not be read.');
        } else {
          res.destroy();
        }
        return 'served';
      }
    }
    return 'not-found';
  };
}

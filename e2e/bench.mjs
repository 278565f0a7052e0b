// @ts-check
/**
 * Cold-load figures of the production build in Chromium (run through `npm run bench`, which
 * builds first). For each page: gzip bytes of the JS and CSS fetched, request count, the number
 * of sequential fetches before the page's own content is painted, and the time it took.
 * Figures only: nothing here passes or fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startSuite } from '../scripts/suite.mjs';
import { CHROMIUM_LAUNCH } from './support/chromium.mjs';

const PORTS = {
  HOST_PORT: '3200',
  WIZARD_PORT: '3201',
  PROJECTS_PORT: '3202',
  ACCOUNT_PORT: '3203',
  ADMIN_PORT: '3204',
  API_PORT: '4200',
};
const PAGES = [
  { path: '/landing', content: 'Welcome', owner: 'host' },
  { path: '/create-project', content: 'Create your trek request', owner: 'wizard remote' },
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** `BENCH_FILES=1` also lists each page's JS and CSS files, largest first. */
const LIST_FILES = process.env.BENCH_FILES === '1';

const dataDir = mkdtempSync(join(tmpdir(), 'trek-bench-'));
const suite = await startSuite(
  { ...process.env, ...PORTS, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  { quietApi: true },
);
const browser = await chromium.launch(CHROMIUM_LAUNCH);

/**
 * @typedef {{ url: string, type: string, start: number, end?: number, initiator?: string, body?: Buffer }} Req
 * @param {string} path @param {string} content
 */
async function coldLoad(path, content) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  /** @type {Map<string, Req>} */
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    const frame =
      e.initiator.stack?.callFrames?.[0]?.url ?? e.initiator.stack?.parent?.callFrames?.[0]?.url;
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      start: e.timestamp,
      initiator: e.initiator.url ?? frame,
    });
  });
  /** @param {{ requestId: string, timestamp: number }} e */
  const finished = (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  };
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.loadingFailed', finished);

  const t0 = Date.now();
  await page.goto(`${suite.url}${path}`);
  await page.getByRole('heading', { level: 1, name: content }).waitFor();
  const contentMs = Date.now() - t0;
  // Requests already finished when the content showed: the ones its first paint waited for.
  const beforePaint = [...requests.values()].filter((r) => r.end !== undefined);
  // Let late requests (preloads, lazy chunks) settle: 500 ms with nothing in flight, 5 s at most.
  const settleBy = Date.now() + 5000;
  let quietSince = Date.now();
  while (Date.now() < settleBy && Date.now() - quietSince < 500) {
    if ([...requests.values()].some((r) => r.end === undefined)) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 50));
  }

  let jsGzip = 0;
  let cssGzip = 0;
  /** @type {Array<{ file: string, 'gzip kB': string }>} */
  const files = [];
  for (const [id, r] of requests) {
    if (r.type !== 'Script' && r.type !== 'Stylesheet' && !/\.(m?js|css)(\?|$)/.test(r.url))
      continue;
    const { body, base64Encoded } = await cdp
      .send('Network.getResponseBody', { requestId: id })
      .catch(() => ({ body: '', base64Encoded: false }));
    const size = gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8')).length;
    if (/\.css(\?|$)/.test(r.url) || r.type === 'Stylesheet') cssGzip += size;
    else jsGzip += size;
    files.push({ file: r.url.replace(suite.url, ''), 'gzip kB': (size / 1024).toFixed(1) });
  }

  // Depth of the fetch chain: the document is 1; each request is one more than what started it.
  const byUrl = new Map([...requests.values()].map((r) => [r.url, r]));
  /** @type {Map<Req, number>} */
  const depth = new Map();
  /** @param {Req} r @returns {number} */
  const depthOf = (r) => {
    const known = depth.get(r);
    if (known) return known;
    depth.set(r, 1);
    const parent = r.initiator ? byUrl.get(r.initiator) : undefined;
    const d = parent && parent !== r ? depthOf(parent) + 1 : 1;
    depth.set(r, d);
    return d;
  };
  const sequential = Math.max(...beforePaint.map(depthOf));
  await context.close();
  files.sort((a, b) => Number(b['gzip kB']) - Number(a['gzip kB']));
  return { jsGzip, cssGzip, requests: requests.size, sequential, contentMs, files };
}

try {
  console.log(`Cold loads in Chromium, median of ${RUNS} runs (cache disabled, no throttling).\n`);
  const rows = [];
  for (const { path, content, owner } of PAGES) {
    await coldLoad(path, content); // warm the servers, not the browser
    /** @type {Awaited<ReturnType<typeof coldLoad>>[]} */
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await coldLoad(path, content));
    /** @param {(r: Awaited<ReturnType<typeof coldLoad>>) => number} f */
    const median = (f) => runs.map(f).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
    rows.push({
      page: path,
      content: owner,
      'JS gzip kB': (median((r) => r.jsGzip) / 1024).toFixed(1),
      'CSS gzip kB': (median((r) => r.cssGzip) / 1024).toFixed(1),
      requests: median((r) => r.requests),
      'sequential fetches': median((r) => r.sequential),
      'content visible ms': median((r) => r.contentMs),
    });
    if (LIST_FILES) {
      console.log(`${path}: files of the last run`);
      console.table(runs.at(-1)?.files);
    }
  }
  console.table(rows);
} finally {
  await browser.close();
  await suite.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// @ts-check
/**
 * What a browser receives and how fast the page shows, on the production builds (run through
 * `npm run bench`, which builds first). Figures only: nothing here passes or fails.
 *
 * 1. Cold loads of each page, federated and monolith side by side (the same pages built into
 *    the host without Module Federation), on a throttled phone profile (fast 3G, 4x CPU):
 *    JS and CSS bytes as transferred (after Content-Encoding), requests, sequential fetches
 *    before the page's content paints, LCP and CLS, and the federated / monolith ratios.
 * 2. Lighthouse (mobile preset, simulated throttling), performance score per page: median and
 *    range of a few runs.
 * 3. CLS of every route of the site, signed out and signed in, at 1280 and 390 px.
 *
 * Env: BENCH_RUNS (cold loads per page and build, median, default 3), BENCH_FILES=1 (list the
 * files of each page), BENCH_LIGHTHOUSE_RUNS (runs per page, median and range, default 3),
 * BENCH_LIGHTHOUSE=0 / BENCH_CLS=0 (skip a part), BENCH_PORT_BASE (3200).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { hrefTo, PATHS } from '@trek/shared/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStaticServer } from '../scripts/serve.mjs';
import { startSuite } from '../scripts/suite.mjs';
import { CHROMIUM_LAUNCH } from './support/chromium.mjs';

const ROOT = join(import.meta.dirname, '..');
const base = Number(process.env.BENCH_PORT_BASE ?? 3200);
const PORTS = {
  HOST_PORT: String(base),
  WIZARD_PORT: String(base + 1),
  PROJECTS_PORT: String(base + 2),
  ACCOUNT_PORT: String(base + 3),
  ADMIN_PORT: String(base + 4),
  API_PORT: String(base + 1000),
};
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Lighthouse's score moves by a few hundredths from run to run on the same build. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const LIST_FILES = process.env.BENCH_FILES === '1';

/** DevTools' "Fast 3G" and a mid-range phone's CPU. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;

const dataDir = mkdtempSync(join(tmpdir(), 'trek-bench-'));
const env = { ...process.env, ...PORTS, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

// A traveler with a few requests, made before the API holds the data folder.
const session = JSON.parse(
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'api/dist/create-session.js'),
      '--email',
      'bench@example.com',
      '--first-name',
      'Bea',
    ],
    { env, encoding: 'utf8' },
  ),
);
const cookie = `${session.cookieName}=${session.token}`;

const suite = await startSuite(env, { quietApi: true });
const monolith = await startStaticServer({
  dir: join(ROOT, 'host/dist-monolith'),
  port: base + 10,
  spa: true,
  proxyTarget: `http://127.0.0.1:${PORTS.API_PORT}`,
});
const projectId = await seedProjects(3);
const browser = await chromium.launch(CHROMIUM_LAUNCH);

/** @param {number} count */
async function seedProjects(count) {
  let id = '';
  for (let i = 0; i < count; i += 1) {
    const start = new Date(Date.now() + (40 + i * 7) * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.parse(start) + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${suite.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.url, cookie },
      body: JSON.stringify({
        title: 'Lares',
        description: '4 days / 3 nights trek for 2 travelers',
        destination: 'Lares',
        startDate: start,
        endDate: end,
        maxBudget: 'TBD',
        groupSize: 2,
        difficulty: 'medium',
        formData: {
          trek: 'Lares',
          duration: '4 days / 3 nights',
          dates: { flexible: false, flexibilityWindowDays: null, start, end, baseDate: start },
          travelers: 2,
          languages: ['english'],
          utm: { source: '', medium: '', campaign: '' },
        },
      }),
    });
    if (!res.ok) throw new Error(`Seeding a project failed: ${res.status} ${await res.text()}`);
    id = /** @type {{ id: string }} */ (await res.json()).id;
  }
  return id;
}

/** The pages measured cold, with the heading that says their content is there. */
const PAGES = [
  { path: PATHS.landing, heading: 'Welcome', signedIn: false },
  { path: PATHS.createProject, heading: 'Create your trek request', signedIn: false },
  { path: PATHS.projects, heading: 'My Projects', signedIn: true },
];

/** Records LCP and layout shifts from the first paint on (runs before any page script). */
function observePaints() {
  const w = /** @type {any} */ (window);
  w.__bench = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries())) {
      if (!entry.hadRecentInput) w.__bench.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} origin
 * @param {boolean} signedIn
 */
async function signInIf(context, origin, signedIn) {
  if (!signedIn) return;
  await context.addCookies([
    {
      name: session.cookieName,
      value: session.token,
      url: origin,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

/**
 * @typedef {{ url: string, type: string, start: number, end?: number, bytes: number, initiator?: string }} Req
 * @param {string} origin
 * @param {{ path: string, heading: string, signedIn: boolean }} target
 * @param {{ throttled: boolean, viewport?: { width: number, height: number } }} options
 */
async function coldLoad(origin, target, { throttled, viewport = { width: 390, height: 844 } }) {
  const context = await browser.newContext({ viewport });
  await signInIf(context, origin, target.signedIn);
  const page = await context.newPage();
  await page.addInitScript(observePaints);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  /** @type {Map<string, Req>} */
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    const frame =
      e.initiator.stack?.callFrames?.[0]?.url ?? e.initiator.stack?.parent?.callFrames?.[0]?.url;
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      start: e.timestamp,
      bytes: 0,
      initiator: e.initiator.url ?? frame,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });

  const t0 = Date.now();
  await page.goto(`${origin}${target.path}`);
  await page.getByRole('heading', { level: 1, name: target.heading }).waitFor({ timeout: 60_000 });
  const contentMs = Date.now() - t0;
  const beforePaint = [...requests.values()].filter((r) => r.end !== undefined);
  // Let late requests settle: 1 s with nothing in flight, 15 s at most.
  const settleBy = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < settleBy && Date.now() - quietSince < 1000) {
    if ([...requests.values()].some((r) => r.end === undefined)) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 50));
  }
  const { lcp, cls } = await page.evaluate(() => /** @type {any} */ (window).__bench);

  let js = 0;
  let css = 0;
  /** @type {Array<{ file: string, 'kB sent': string }>} */
  const files = [];
  for (const r of requests.values()) {
    const isCss = r.type === 'Stylesheet' || /\.css(\?|$)/.test(r.url);
    const isJs = r.type === 'Script' || /\.m?js(\?|$)/.test(r.url);
    if (isCss) css += r.bytes;
    else if (isJs) js += r.bytes;
    else continue;
    files.push({
      file: r.url.replace(/^http:\/\/[^/]+/, ''),
      'kB sent': (r.bytes / 1024).toFixed(1),
    });
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
  files.sort((a, b) => Number(b['kB sent']) - Number(a['kB sent']));
  return { js, css, requests: requests.size, sequential, lcp, cls, contentMs, files };
}

/** @template T @param {T[]} runs @param {(r: T) => number} f */
function median(runs, f) {
  const sorted = runs.map(f).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** @param {string} url @param {boolean} signedIn */
async function lighthouseScore(url, signedIn) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_LAUNCH.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH.args],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    // A page Lighthouse could not measure says why instead of printing a score of 0.
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    }
    const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: lhr.categories.performance?.score ?? 0,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

const kB = (/** @type {number} */ n) => (n / 1024).toFixed(1);
const s = (/** @type {number} */ ms) => (ms / 1000).toFixed(2);

try {
  console.log(
    `\n1. Cold loads, phone profile (fast 3G, ${CPU_SLOWDOWN}x CPU, 390 px), median of ${RUNS} runs; bytes as transferred.\n`,
  );
  const rows = [];
  const ratios = [];
  for (const target of PAGES) {
    /** @type {Record<string, Awaited<ReturnType<typeof coldLoad>>[]>} */
    const byBuild = { federated: [], monolith: [] };
    /** @type {Array<[string, string]>} */
    const builds = [
      ['federated', suite.url],
      ['monolith', monolith.url],
    ];
    for (const [build, origin] of builds) {
      await coldLoad(origin, target, { throttled: false }); // warm the servers, not the browser
      for (let i = 0; i < RUNS; i += 1) {
        byBuild[build]?.push(await coldLoad(origin, target, { throttled: true }));
      }
      const runs = byBuild[build] ?? [];
      rows.push({
        page: target.path,
        build,
        'JS kB': kB(median(runs, (r) => r.js)),
        'CSS kB': kB(median(runs, (r) => r.css)),
        requests: median(runs, (r) => r.requests),
        'sequential fetches': median(runs, (r) => r.sequential),
        'LCP s': s(median(runs, (r) => r.lcp)),
        CLS: median(runs, (r) => r.cls).toFixed(3),
      });
      if (LIST_FILES) {
        console.log(`${target.path} (${build}): files of the last run`);
        console.table(runs.at(-1)?.files);
      }
    }
    const fed = byBuild.federated ?? [];
    const mono = byBuild.monolith ?? [];
    const ratio = (/** @type {(r: Awaited<ReturnType<typeof coldLoad>>) => number} */ f) =>
      (median(fed, f) / Math.max(1, median(mono, f))).toFixed(2);
    ratios.push({
      page: target.path,
      'JS bytes': ratio((r) => r.js),
      requests: ratio((r) => r.requests),
      LCP: ratio((r) => r.lcp),
    });
  }
  console.table(rows);
  console.log('\nFederated / monolith:');
  console.table(ratios);

  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    console.log(
      `\n2. Lighthouse, mobile preset (simulated slow 4G, 4x CPU), federated build: median of ${LIGHTHOUSE_RUNS} runs, and the range.\n`,
    );
    const scores = [];
    for (const target of PAGES) {
      /** @type {Awaited<ReturnType<typeof lighthouseScore>>[]} */
      const runs = [];
      /** @type {string[]} */
      const failures = [];
      // A run Lighthouse cannot measure (it sometimes loses its own trace: NO_NAVSTART, "Please
      // run Lighthouse again") is run once more; each failure is printed all the same.
      while (runs.length < LIGHTHOUSE_RUNS && failures.length <= LIGHTHOUSE_RUNS) {
        try {
          runs.push(await lighthouseScore(`${suite.url}${target.path}`, target.signedIn));
        } catch (error) {
          const message = /** @type {Error} */ (error).message;
          failures.push(message);
          console.log(`${target.path}: ${message} Running it again.`);
        }
      }
      if (runs.length === 0) {
        scores.push({ page: target.path, performance: failures.at(-1) ?? 'no run' });
        continue;
      }
      const range = (/** @type {(r: (typeof runs)[number]) => number} */ f, digits = 2) => {
        const values = runs.map(f);
        return `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
      };
      scores.push({
        page: target.path,
        performance: median(runs, (r) => r.score).toFixed(2),
        'performance range': range((r) => r.score),
        'FCP s': s(median(runs, (r) => r.fcp)),
        'LCP s': s(median(runs, (r) => r.lcp)),
        'TBT ms': Math.round(median(runs, (r) => r.tbt)),
        'TBT range ms': range((r) => r.tbt, 0),
        CLS: median(runs, (r) => r.cls).toFixed(3),
      });
    }
    console.table(scores);
  }

  if (process.env.BENCH_CLS !== '0') {
    console.log(
      '\n3. Layout shift of every route (federated, no throttling), worst of 1280 and 390 px.\n',
    );
    const routes = Object.values(PATHS).map((pattern) =>
      pattern.includes(':id') ? hrefTo(/** @type {any} */ (pattern), { id: projectId }) : pattern,
    );
    const shifts = [];
    for (const path of routes) {
      /** @type {Record<string, string>} */
      const row = { path };
      for (const signedIn of [false, true]) {
        let worst = 0;
        for (const viewport of [
          { width: 1280, height: 800 },
          { width: 390, height: 844 },
        ]) {
          const context = await browser.newContext({ viewport });
          await signInIf(context, suite.url, signedIn);
          const page = await context.newPage();
          await page.addInitScript(observePaints);
          await page.goto(`${suite.url}${path}`);
          await page
            .locator('h1')
            .first()
            .waitFor({ timeout: 30_000 })
            .catch(() => {});
          await page.waitForLoadState('load');
          await new Promise((r) => setTimeout(r, 1500));
          worst = Math.max(
            worst,
            await page.evaluate(() => /** @type {any} */ (window).__bench.cls),
          );
          await context.close();
        }
        row[signedIn ? 'signed in' : 'visitor'] = worst.toFixed(3);
      }
      shifts.push(row);
    }
    console.table(shifts);
  }
} finally {
  await browser.close();
  await monolith.close();
  await suite.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

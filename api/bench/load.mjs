// @ts-check
/**
 * Load: 50 travelers at once, each in a loop through sign-in (a magic link), create (sent twice
 * at once, as a double click), list, edit and delete, against the built API as its own process.
 * Prints requests/s, p50/p99 per step, errors (goal 0) and the API's memory before and after, then
 * checks consistency: every request a traveler kept is listed exactly once, none twice.
 *
 * Sign-in goes through the real magic-link calls: the API runs in development on localhost,
 * where the answer carries the link ('Use test link'), so no mail server is needed and the
 * sign-in path (links, rate counters, sessions) is under load too. The create-session tool
 * cannot be used: it opens the data folder, which the running API holds.
 *
 * Env: BENCH_LOAD_SECONDS (default 60), BENCH_LOAD_TRAVELERS (default 50), BENCH_PORT_BASE
 * (default 3200; the API uses base + 1102), DATABASE_URL (PostgreSQL instead of the embedded one).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '../../scripts/suite.mjs';
import { trekRequest } from './trek-request.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const TRAVELERS = Number(process.env.BENCH_LOAD_TRAVELERS ?? 50);
const port = Number(process.env.BENCH_PORT_BASE ?? 3200) + 1102;
const ORIGIN = `http://localhost:${port}`;
const API = `http://127.0.0.1:${port}`;
const HIGH = '100000000';

/** @param {number} pid */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** @type {Record<string, number[]>} */
const latencies = {};
/** @type {string[]} */
const errors = [];
let requests = 0;

/**
 * One timed call; `ok` lists the statuses this step may answer.
 * @param {string} step @param {string} method @param {string} path
 * @param {{ cookie?: string, json?: unknown, form?: Record<string, string>, ok: number[] }} options
 */
async function call(step, method, path, { cookie, json, form, ok }) {
  /** @type {Record<string, string>} */
  const headers = { origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const started = performance.now();
  requests += 1;
  try {
    const res = await fetch(`${API}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    const times = latencies[step] ?? [];
    times.push(performance.now() - started);
    latencies[step] = times;
    if (!ok.includes(res.status)) errors.push(`${step}: ${res.status} ${text.slice(0, 120)}`);
    return { res, text };
  } catch (error) {
    errors.push(`${step}: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

/** @param {string} email */
async function signIn(email) {
  const asked = await call('sign-in: ask link', 'POST', '/api/auth/request-magic-link', {
    json: { email, firstName: 'Load', lastName: 'Test' },
    ok: [200],
  });
  const link = asked ? JSON.parse(asked.text).magicLink : undefined;
  if (!link) return null;
  const token = new URL(link).searchParams.get('token') ?? '';
  const opened = await call('sign-in: open link', 'POST', '/api/auth/magic-link', {
    form: { token },
    ok: [303],
  });
  const cookie = opened?.res.headers.get('set-cookie')?.split(';')[0];
  return cookie ?? null;
}

/** @param {number} n @param {number} until */
async function traveler(n, until) {
  const email = `load-${n}@example.com`;
  /** @type {Set<string>} */
  const kept = new Set();
  let cookie = null;
  for (let i = 0; Date.now() < until; i += 1) {
    cookie = (await signIn(email)) ?? cookie;
    if (!cookie) continue;
    // A double click: the same request twice at once; one is created, the other refused.
    const body = trekRequest(30 + n * 400 + i);
    const both = await Promise.all([
      call('create (double submit)', 'POST', '/api/projects', {
        cookie,
        json: body,
        ok: [201, 429],
      }),
      call('create (double submit)', 'POST', '/api/projects', {
        cookie,
        json: body,
        ok: [201, 429],
      }),
    ]);
    const createdIds = both
      .filter((r) => r?.res.status === 201)
      .map((r) => JSON.parse(r?.text ?? '{}').id);
    if (createdIds.length !== 1) errors.push(`double submit created ${createdIds.length} projects`);
    const id = createdIds[0];
    await call('list', 'GET', '/api/projects?limit=100', { cookie, ok: [200] });
    if (!id) continue;
    await call('edit', 'PATCH', `/api/projects/${id}`, {
      cookie,
      json: { groupSize: '3' },
      ok: [200],
    });
    // Three requests in four are deleted; the rest stay (under the 50 open requests' limit).
    if (i % 4 === 0 && kept.size < 40) kept.add(id);
    else await call('delete', 'DELETE', `/api/projects/${id}`, { cookie, ok: [200] });
  }
  return { cookie, kept };
}

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
};

const dataDir = mkdtempSync(join(tmpdir(), 'trek-bench-load-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: HIGH,
  MAGIC_LINK_RATE_PER_IP: HIGH,
  MAGIC_LINK_RATE_PER_EMAIL: HIGH,
  MAGIC_LINK_MAILS_PER_EMAIL: HIGH,
};
const api = await startApi(env, { port, dataDir, publicOrigin: ORIGIN, quiet: true });
const pid = api.child.pid ?? 0;
try {
  const memoryBefore = rssMiB(pid);
  console.log(
    `\nLoad: ${TRAVELERS} travelers for ${SECONDS} s on the ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'} database (sign-in, double-submitted create, list, edit, delete)\n`,
  );
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: TRAVELERS }, (_, n) => traveler(n, started + SECONDS * 1000)),
  );
  const elapsed = (Date.now() - started) / 1000;
  const memoryAfter = rssMiB(pid);

  // Consistency: what each traveler kept is listed, once, and nothing else is.
  let listedKept = 0;
  for (const { cookie, kept } of results) {
    if (!cookie) continue;
    const res = await fetch(`${API}/api/projects?limit=100`, { headers: { cookie } });
    /** @type {Array<{ id: string }>} */
    const listed = await res.json();
    const ids = listed.map((p) => p.id);
    if (new Set(ids).size !== ids.length) errors.push('consistency: a project is listed twice');
    const missing = [...kept].filter((id) => !ids.includes(id));
    const extra = ids.filter((id) => !kept.has(id));
    if (missing.length) errors.push(`consistency: ${missing.length} kept projects not listed`);
    if (extra.length)
      errors.push(`consistency: ${extra.length} deleted or duplicate projects listed`);
    listedKept += ids.length;
  }

  const all = Object.values(latencies).flat();
  console.table(
    [...Object.entries(latencies), ['all', all]].map(([step, values]) => ({
      step,
      requests: values.length,
      'p50 ms': Math.round(quantile(values, 0.5) * 10) / 10,
      'p99 ms': Math.round(quantile(values, 0.99) * 10) / 10,
    })),
  );
  console.log(
    `requests/s: ${Math.round(requests / elapsed)} (${requests} in ${elapsed.toFixed(1)} s)`,
  );
  console.log(`errors: ${errors.length}`);
  for (const error of [...new Set(errors)].slice(0, 10)) console.log(`  ${error}`);
  console.log(`API memory (RSS): ${memoryBefore} MiB before, ${memoryAfter} MiB after`);
  console.log(
    `consistency: ${listedKept} kept requests listed once each, checked for every traveler`,
  );
  if (errors.length) process.exitCode = 1;
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

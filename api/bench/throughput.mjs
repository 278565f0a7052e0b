// @ts-check
/**
 * Requests per second of the API, next to a bare Fastify hello-world measured in the same run on
 * the same machine (run through `npm run bench`, after a build). An authenticated
 * `GET /api/projects` of a traveler with three requests, at 50 connections: on the embedded
 * database, and on PostgreSQL too when DATABASE_URL is set. Figures only.
 *
 * Env: BENCH_API_SECONDS (per measurement, default 10), BENCH_API_CONNECTIONS (default 50),
 * BENCH_PORT_BASE (default 3200; the API uses base + 1100, the bare server base + 1101).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startApi } from '../../scripts/suite.mjs';
import { trekRequest } from './trek-request.mjs';

const API_DIR = join(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const base = Number(process.env.BENCH_PORT_BASE ?? 3200);
const ORIGIN = 'http://localhost:3000';

/** @param {string} url @param {Record<string, string>} [headers] */
async function measure(url, headers = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function bareFastify() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: base + 1101, host: '127.0.0.1' });
  try {
    return await measure(`http://127.0.0.1:${base + 1101}/`);
  } finally {
    await app.close();
  }
}

/** @param {string} label @param {Record<string, string>} database */
async function realApi(label, database) {
  const dataDir = mkdtempSync(join(tmpdir(), 'trek-bench-api-'));
  const env = {
    ...process.env,
    ...database,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: ORIGIN,
    LOG_LEVEL: 'warn',
    // The flood limit runs, but high enough that no answer is a 429.
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const session = JSON.parse(
    execFileSync(
      process.execPath,
      [join(API_DIR, 'dist/create-session.js'), '--email', `bench-${Date.now()}@example.com`],
      { env, encoding: 'utf8' },
    ),
  );
  const port = base + 1100;
  const api = await startApi(env, { port, dataDir, publicOrigin: ORIGIN, quiet: true });
  const cookie = `${session.cookieName}=${session.token}`;
  try {
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`http://127.0.0.1:${port}/api/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
        body: JSON.stringify(trekRequest(40 + i * 7)),
      });
      if (!res.ok) throw new Error(`Seeding failed: ${res.status} ${await res.text()}`);
    }
    return { label, ...(await measure(`http://127.0.0.1:${port}/api/projects`, { cookie })) };
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\nAPI throughput: ${CONNECTIONS} connections, ${SECONDS} s each, load generator on the same machine.\n`,
);
const bare = await bareFastify();
const runs = [await realApi('GET /api/projects, embedded database', { DATABASE_URL: '' })];
if (process.env.DATABASE_URL) {
  runs.push(
    await realApi('GET /api/projects, PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL }),
  );
}
console.table(
  [{ label: 'bare Fastify hello-world', ...bare }, ...runs].map((r) => ({
    what: r.label,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    'vs bare': (r.rps / bare.rps).toFixed(3),
  })),
);

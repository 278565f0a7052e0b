import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hashToken } from '../auth/sessions.js';
import {
  contentType,
  fromZod,
  hostileBody,
  hostileQuery,
  hostileSegment,
  hostileValue,
} from '../testing/fuzz-arbitraries.js';
import {
  ADMIN_EMAIL,
  makeFixture,
  ROUTE_TABLE,
  type RouteFixture,
  registeredRouteKeys,
  routeKey,
  WHATSAPP_TEST_ENV,
} from '../testing/route-table.js';
import { tableChecksums, writeMark } from '../testing/table-checksums.js';
import { startTestApi, TEST_ORIGIN, type TestApi } from '../testing/test-api.js';

/**
 * Issue 16, point 2: property-based fuzzing of every route with fast-check. Each case is a call
 * of traveler A (signed in, owner of a project) with its path, query and body drawn from the
 * route's own zod schemas, from the well-formed call of its row mutated with hostile values, or
 * from hostile raw input (truncated JSON, deep nesting, prototype keys, duplicate keys, invalid
 * UTF-8, 1 MB, wrong content types). The properties: no answer is a 5xx, and a refused call
 * (4xx) changes no row of any table: checksums of every table before and after, computed again
 * whenever PostgreSQL's transaction counter moved (it moves with every write, and only then).
 *
 * FUZZ_CASES sets the cases of a run, shared among the routes (default 10,000); FUZZ_SEED
 * replays a run (the seed of each route is printed when it fails).
 */
const TOTAL_CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const TAKES_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface FuzzCase {
  params: Record<string, string | null>;
  query: string;
  body: { text: string | Uint8Array; type: string | null } | null;
}

type Schemas = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };

/** Answers to input refused before a route's own logic ran. */
const MALFORMED = new Set([
  '400 VALIDATION',
  '400 BAD_REQUEST',
  '413 PAYLOAD_TOO_LARGE',
  '415 UNSUPPORTED_MEDIA_TYPE',
]);

/** Leaf paths of a JSON value, where one hostile value goes. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Object.entries(value);
  if (entries.length === 0) return [prefix];
  return [prefix, ...entries.flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]))];
}

function withValueAt(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: Record<string, unknown> = Array.isArray(base)
    ? { ...base }
    : { ...(base as Record<string, unknown>) };
  const [head = '', ...rest] = path;
  copy[head] = withValueAt(copy[head], rest, value);
  return Array.isArray(base) ? Object.values(copy) : copy;
}

function caseArbitrary(
  route: RouteOptions,
  base: { query: string; body: unknown; form: Record<string, string> | undefined },
): fc.Arbitrary<FuzzCase> {
  const schemas = (route.schema ?? {}) as Schemas;
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const paramShape = schemas.params ? fromZod(schemas.params) : fc.constant({});
  const params = fc
    .tuple(
      ...paramNames.map((name) =>
        fc.oneof(
          { weight: 6, arbitrary: fc.constant(null) },
          {
            weight: 2,
            arbitrary: paramShape.map((p) => String((p as Record<string, unknown>)[name] ?? 'x')),
          },
          { weight: 2, arbitrary: hostileSegment },
        ),
      ),
    )
    .map((values) => Object.fromEntries(paramNames.map((name, i) => [name, values[i] ?? null])));

  const fromQuerySchema = schemas.querystring
    ? fromZod(schemas.querystring).map((q) =>
        new URLSearchParams(
          Object.entries(q as Record<string, unknown>).map(([k, v]): [string, string] => [
            k,
            String(v),
          ]),
        ).toString(),
      )
    : fc.constant('');
  const query = fc.oneof(
    { weight: 2, arbitrary: fc.constant(base.query) },
    { weight: 3, arbitrary: fromQuerySchema },
    { weight: 2, arbitrary: hostileQuery },
  );

  let body: fc.Arbitrary<FuzzCase['body']> = fc.constant(null);
  if (TAKES_BODY.has(String(route.method))) {
    const baseJson = JSON.stringify(base.body ?? {});
    const paths = leafPaths(base.body ?? {});
    const json = (value: unknown) => JSON.stringify(value) ?? 'null';
    const texts: fc.Arbitrary<string | Uint8Array> = fc.oneof(
      { weight: 1, arbitrary: fc.constant(baseJson) },
      {
        weight: 3,
        arbitrary: schemas.body ? fromZod(schemas.body).map(json) : hostileValue.map(json),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...paths), hostileValue)
          .map(([path, value]) => json(withValueAt(base.body ?? {}, path, value))),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...paths), fc.string({ maxLength: 12 }), hostileValue)
          .map(([path, key, value]) =>
            json(withValueAt(base.body ?? {}, [...path.slice(0, -1), key], value)),
          ),
      },
      { weight: 2, arbitrary: hostileBody(baseJson) },
    );
    const variants: Array<fc.WeightedArbitrary<FuzzCase['body']>> = [
      { weight: 8, arbitrary: fc.record({ text: texts, type: contentType }) },
      { weight: 1, arbitrary: fc.constant(null) },
    ];
    if (base.form) {
      const formText = new URLSearchParams(base.form).toString();
      variants.push({
        weight: 3,
        arbitrary: fc.record({
          text: fc.oneof(
            fc.constant(formText),
            hostileQuery,
            fc.string({ maxLength: 300 }).map((s) => `token=${encodeURIComponent(s)}`),
          ),
          type: fc.constant('application/x-www-form-urlencoded'),
        }),
      });
    }
    body = fc.oneof(...variants);
  }
  return fc.record({ params, query, body });
}

describe('input fuzzing', () => {
  let api: TestApi;
  let fixture: RouteFixture;
  let checksums: Record<string, string>;
  /** The write mark `checksums` were computed at. */
  let mark: string;

  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_EMAILS: ADMIN_EMAIL,
      // The limits would answer 429 to most cases after a while: here they stay out of the way.
      RATE_LIMIT_PER_MINUTE: '100000000',
      MAGIC_LINK_RATE_PER_IP: '100000000',
      MAGIC_LINK_RATE_PER_EMAIL: '100000000',
      MAGIC_LINK_MAILS_PER_EMAIL: '100000000',
      OAUTH_STARTS_PER_IP: '100000000',
      ...WHATSAPP_TEST_ENV,
    });
    fixture = await makeFixture(api);
    checksums = await tableChecksums(api.db);
    mark = await writeMark(api.db);
  });
  afterAll(() => api.close());

  /** The ids and tokens of the fixture a call was built on, replaced by the current fixture's. */
  function current(text: string, origin: RouteFixture): string {
    return text
      .replaceAll(origin.projectId, fixture.projectId)
      .replaceAll(origin.changeSetId, fixture.changeSetId)
      .replaceAll(origin.magicLinkToken, fixture.magicLinkToken);
  }

  /** After a call that succeeded: a fixture whose session, project or link is gone is made anew. */
  async function keepFixture() {
    const gone = async (sql: string, value: string) =>
      (await api.db.query(sql, [value])).rows.length === 0;
    if (
      (await gone('select 1 from sessions where id = $1', hashToken(fixture.travelerA.token))) ||
      (await gone('select 1 from projects where id = $1', fixture.projectId)) ||
      (await gone(
        'select 1 from magic_links where token_hash = $1',
        hashToken(fixture.magicLinkToken),
      ))
    ) {
      fixture = await makeFixture(api);
    }
    // A's open requests stay under the limit, so creating one can succeed again.
    await api.db.query(
      `delete from projects where user_id = $1 and id <> $2 and id not in
         (select id from projects where user_id = $1 order by created_at desc limit 20)`,
      [fixture.travelerA.userId, fixture.projectId],
    );
  }

  it('has a row, so a well-formed call, for every registered route', () => {
    const rows = ROUTE_TABLE.map((r) => routeKey(r.method, r.url));
    expect(registeredRouteKeys(api.routes).filter((key) => !rows.includes(key))).toEqual([]);
  });

  const routeCount = ROUTE_TABLE.length;
  const perRoute = Math.max(50, Math.ceil(TOTAL_CASES / routeCount));
  let totalRun = 0;
  /** Answers by status, per route. */
  const statuses: Record<string, Record<string, number>> = {};

  for (const row of ROUTE_TABLE) {
    it(`${row.method} ${row.url}: ${perRoute} cases, no 5xx, refused input changes no row`, async () => {
      const route = api.routes.find((r) => r.method === row.method && r.url === row.url);
      expect(route, 'registered').toBeDefined();
      if (!route) return;
      // Each route starts on a fresh fixture: what its call creates (an upload) belongs to its
      // caller, and no earlier route's cases have spent that caller's limits.
      fixture = await makeFixture(api);
      const origin = fixture;
      const call = await row.call(origin);
      // A row may create what its call names (a guide): that write is not a case's.
      checksums = await tableChecksums(api.db);
      mark = await writeMark(api.db);
      const arbitrary = caseArbitrary(route, {
        query: call.query ?? '',
        body: call.body,
        form: call.form,
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async (c) => {
          totalRun += 1;
          // Hostile segments come encoded; the fixture's own id is filled in otherwise.
          const path = row.url.replace(
            /:(\w+)/g,
            (_match, name: string) =>
              c.params[name] ??
              encodeURIComponent(call.params?.[name] ?? (name === 'id' ? fixture.projectId : name)),
          );
          const url = `${api.url}${current(path, origin)}${c.query ? `?${current(c.query, origin)}` : ''}`;
          const headers: Record<string, string> = {
            origin: TEST_ORIGIN,
            cookie: fixture[row.caller ?? 'travelerA'].cookie,
          };
          if (c.body?.type) headers['content-type'] = c.body.type;
          const bodyText = c.body?.text;
          const res = await fetch(url, {
            method: row.method,
            headers,
            redirect: 'manual',
            ...(bodyText !== undefined
              ? { body: typeof bodyText === 'string' ? current(bodyText, origin) : bodyText }
              : {}),
          });
          const answer = await res.text();
          const key = routeKey(row.method, row.url);
          const counts = statuses[key] ?? {};
          statuses[key] = counts;
          const code = res.status >= 400 ? /"code":"(\w+)"/.exec(answer)?.[1] : undefined;
          const outcome = code ? `${res.status} ${code}` : String(res.status);
          counts[outcome] = (counts[outcome] ?? 0) + 1;
          const described = `${row.method} ${url.slice(0, 300)} -> ${res.status} ${answer.slice(0, 200)}`;
          expect(res.status, described).toBeLessThan(500);
          // Nothing was written while the write mark stands still; otherwise compare every table.
          const markAfter = await writeMark(api.db);
          if (markAfter !== mark) {
            const after = await tableChecksums(api.db);
            if (res.status >= 400) expect(after, described).toEqual(checksums);
            if (res.status < 400 && row.method !== 'GET') await keepFixture();
            checksums = await tableChecksums(api.db);
            mark = await writeMark(api.db);
          }
        }),
        { numRuns: perRoute, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
      );
    }, 300_000);
  }

  it(`ran at least ${TOTAL_CASES} cases, and reached past validation on every route`, () => {
    const lines = Object.entries(statuses).map(
      ([route, counts]) =>
        `${route}: ${Object.entries(counts)
          .map(([outcome, n]) => `${outcome} ×${n}`)
          .join(' ')}`,
    );
    console.log(`input fuzzing: ${totalRun} cases\n${lines.join('\n')}`);
    expect(totalRun).toBeGreaterThanOrEqual(TOTAL_CASES);
    // A fuzzer refused at the door on a route would prove nothing about what lies behind it.
    for (const [route, counts] of Object.entries(statuses)) {
      expect(
        Object.keys(counts).some((outcome) => !MALFORMED.has(outcome)),
        `${route}: every case was refused as malformed`,
      ).toBe(true);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.js';
import {
  ADMIN_EMAIL,
  makeFixture,
  pathOf,
  ROLES,
  ROUTE_TABLE,
  type RouteRow,
  registeredRouteKeys,
  routeKey,
  WHATSAPP_TEST_ENV,
} from '../testing/route-table.js';
import { tableChecksums } from '../testing/table-checksums.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';

/**
 * Issue 16, point 1: every route of the API as a visitor, traveler A (who owns the fixture),
 * traveler B (who owns nothing of A's) and the admin, against the real app. The table is in
 * testing/route-table.ts; a route registered without a row fails here.
 */
describe('authorization matrix', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      ADMIN_EMAILS: ADMIN_EMAIL,
      RATE_LIMIT_PER_MINUTE: '100000',
      ...WHATSAPP_TEST_ENV,
    });
  });
  afterAll(() => api.close());

  it('has one row for every registered route, and none for a route that does not exist', () => {
    const registered = registeredRouteKeys(api.routes);
    const rows = ROUTE_TABLE.map((r) => routeKey(r.method, r.url));
    expect(new Set(rows).size, 'a route has two rows').toBe(rows.length);
    const missing = registered.filter((key) => !rows.includes(key));
    expect(missing, 'routes without a row in api/src/testing/route-table.ts').toEqual([]);
    expect(
      rows.filter((key) => !registered.includes(key)),
      'rows of no route',
    ).toEqual([]);
  });

  async function callAs(row: RouteRow, role: (typeof ROLES)[number]) {
    const fixture = await makeFixture(api);
    const call = await row.call(fixture);
    const path = pathOf(row.url, fixture, call) + (call.query ? `?${call.query}` : '');
    const before = await tableChecksums(api.db);
    const res = await api.request(row.method, path, {
      ...(role === 'visitor' ? {} : { as: fixture[role] }),
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(call.form ? { form: call.form } : {}),
    });
    const after = await tableChecksums(api.db);
    return { res, before, after, fixture };
  }

  const PUBLIC_PHOTO = '/api/profile-images/:name';
  for (const row of ROUTE_TABLE) {
    for (const role of ROLES) {
      const expected = row.expected[role];
      it(`${row.method} ${row.url} as ${role}: ${expected}`, async () => {
        const { res, before, after, fixture } = await callAs(row, role);
        expect(res.status).toBe(expected);
        // One rule: no answer is kept by the browser (after a logout on a shared computer the
        // next person must not read it from the cache), but a photo, whose address is its key.
        if (!(row.url === PUBLIC_PHOTO && res.status === 200)) {
          expect(res.headers.get('cache-control')).toBe('no-store');
        }
        // A refused call changes nothing, above all nothing of A's.
        if (res.status >= 400) expect(after).toEqual(before);
        if (role === 'travelerB' || role === 'admin') {
          const own = await api.request('GET', `/api/projects/${fixture.projectId}`, {
            as: fixture.travelerA,
          });
          expect(own.status, "A's project is still there").toBe(200);
          expect(((await own.json()) as { groupSize: number }).groupSize).toBe(4);
        }
      });
    }
  }

  it('reads no body larger than the route allows (413), and a body at the limit is read', async () => {
    for (const row of ROUTE_TABLE.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))) {
      const caller = row.caller;
      if (caller === null) continue;
      const route = api.routes.find((r) => r.url === row.url && r.method === row.method);
      const declared = route?.bodyLimit ?? BODY_LIMIT_BYTES;
      expect(declared, `${row.method} ${row.url}: bodyLimit`).toBe(row.bodyLimit);
      const fixture = await makeFixture(api);
      const call = await row.call(fixture);
      const path = pathOf(row.url, fixture, call);
      const padded = (size: number) => `{"pad":"${'a'.repeat(size - 10)}"}`;
      const over = await api.request(row.method, path, {
        as: fixture[caller],
        body: padded(row.bodyLimit + 1),
      });
      expect(over.status, `${row.method} ${row.url}: ${row.bodyLimit + 1} bytes`).toBe(413);
      const at = await api.request(row.method, path, {
        as: fixture[caller],
        body: padded(row.bodyLimit),
      });
      expect(at.status, `${row.method} ${row.url}: ${row.bodyLimit} bytes`).not.toBe(413);
      expect(at.status).toBeLessThan(500);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHit } from '../http/rate-limit-store.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';
import { sweepExpired } from './sweep-expired.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sweepExpired', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  async function counts() {
    const tables = ['sessions', 'magic_links', 'rate_limits'] as const;
    const entries = await Promise.all(
      tables.map(async (table) => {
        const { rows } = await api.db.query<{ n: number }>(
          `select count(*)::int as n from ${table}`,
        );
        return [table, rows[0]?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  it('keeps what is still valid and deletes what has expired', async () => {
    await api.signIn('sweep@example.com');
    const res = await api.request('POST', '/api/auth/request-magic-link', {
      body: {
        email: 'sweep@example.com',
        firstName: 'Sweep',
        lastName: 'Test',
        redirectTo: '/create-project',
      },
    });
    expect(res.status).toBe(200);
    await countHit(api.db, 'test:sweep', 60_000, api.clock.now);
    const before = await counts();
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    await sweepExpired(api.db, api.clock.now);
    expect(await counts()).toEqual(before);

    await sweepExpired(api.db, new Date(api.clock.now.getTime() + 91 * DAY_MS));
    expect(await counts()).toEqual({ sessions: 0, magic_links: 0, rate_limits: 0 });
  });
});

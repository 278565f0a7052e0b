import { apiErrorBodySchema } from '@trek/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/test-api.js';

describe('health', () => {
  it('answers ok while the database answers, and 503 once it does not', async () => {
    const api = await startTestApi();
    const ok = await api.request('GET', '/health');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });

    await api.db.close();
    const down = await api.request('GET', '/health');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'error' });
    await api.close().catch(() => {});
  });
});

/** The headers every answer carries, errors included. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
];

describe('HTTP rules', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers unknown routes with 404 and the error shape', async () => {
    const res = await api.request('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await api.request('POST', '/api/auth/logout', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.message).toMatch(/application\/json/);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await api.request('POST', '/api/auth/logout', { body: '{oops' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION',
      message: 'The request body is not valid JSON',
    });
  });

  it('says a JSON object is expected when the body is null, a lone value or an array', async () => {
    const ana = await api.signIn('lone-values@example.com');
    for (const body of ['null', '42', '"text"', '[]']) {
      const res = await api.request('PUT', '/api/user/settings', { as: ana, body });
      expect(res.status, body).toBe(400);
      expect(await res.json()).toEqual({
        code: 'VALIDATION',
        message: 'The request body must be a JSON object',
      });
    }
  });

  it('names a body encoding it cannot read as such, not as a content type', async () => {
    const ana = await api.signIn('zstd@example.com');
    const res = await api.request('PUT', '/api/user/settings', {
      as: ana,
      body: { promotions: true },
      headers: { 'content-encoding': 'x-unknown' },
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'Unsupported content encoding: send the body uncompressed, or as gzip, deflate or br',
    });
  });

  it('answers a query parameter given twice with a clear 400', async () => {
    const ana = await api.signIn('twice@example.com');
    const res = await api.request('GET', '/api/projects?limit=1&limit=2', { as: ana });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VALIDATION', message: 'limit: must be given once' });
  });

  it('answers a malformed id in the path as a missing one, never quoting its pattern', async () => {
    const ana = await api.signIn('paths@example.com');
    for (const path of [
      '/api/profile-images/..%2f..%2fetc%2fpasswd',
      '/api/profile-images/photo.gif',
      '/api/projects/not-a-uuid',
    ]) {
      const res = await api.request('GET', path, { as: ana });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({
        code: 'NOT_FOUND',
        message: path.startsWith('/api/projects/') ? 'Project not found' : 'Not found',
      });
    }
  });

  it('answers a body over the limit with 413 before reading it', async () => {
    const res = await api.request('POST', '/api/auth/request-magic-link', {
      body: { email: 'big@example.com', firstName: 'x'.repeat(5000), lastName: 'Big' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body too large',
    });
  });

  it("answers Fastify's own errors in the one shape, with the security headers, echoing nothing", async () => {
    const { cookie } = await api.signIn('framework@example.com');
    const normal = await api.request('GET', '/api/auth/user', { as: cookie });
    const badUrl = await api.request('GET', '/api/projects/%', { as: cookie });
    const longId = await api.request('GET', `/api/projects/${'a'.repeat(101)}`, { as: cookie });
    const badEncoding = await api.request('GET', '/api/projects/%E0%A4%A', { as: cookie });

    expect(badUrl.status).toBe(400);
    expect(await badUrl.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'The address is not a valid URL',
    });
    expect(longId.status).toBe(404);
    expect(await longId.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(badEncoding.status).toBe(400);
    for (const res of [normal, badUrl, longId, badEncoding]) {
      for (const header of SECURITY_HEADERS) {
        expect(res.headers.get(header), `${header} of ${res.url}`).toBe(normal.headers.get(header));
        expect(res.headers.get(header)).toBeTruthy();
      }
    }
  });

  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const user = await api.signIn('target@example.com');
    const res = await api.request('POST', '/api/auth/logout', {
      as: user,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'Forbidden' });
    expect((await api.request('GET', '/api/auth/user', { as: user })).status).toBe(200);
  });

  it('accepts Origin: null only when the browser says the request is same-origin', async () => {
    const post = (headers: Record<string, string>) =>
      api.request('POST', '/api/auth/logout', { headers: { origin: 'null', ...headers } });
    expect((await post({})).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('refuses a cross-site browser request that carries no Origin', async () => {
    const res = await api.request('POST', '/api/auth/logout', {
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });
});

describe('failures', () => {
  it('hides internal errors behind a generic 500', async () => {
    const api = await startTestApi();
    // A broken table makes the user lookup throw inside the route.
    const user = await api.signIn('broken@example.com');
    await api.db.query('alter table users rename to users_gone');
    const res = await api.request('GET', '/api/auth/user', { as: user });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    expect(text).not.toMatch(/users|relation|at /);
    await api.close();
  });

  it('rate limits with 429, RATE_LIMITED and a Retry-After', async () => {
    const api = await startTestApi({ RATE_LIMIT_PER_MINUTE: '2' });
    const answers: Response[] = [];
    for (let i = 0; i < 3; i += 1) answers.push(await api.request('GET', '/api/auth/user'));
    expect(answers.map((res) => res.status)).toEqual([401, 401, 429]);
    expect(await answers[2]?.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again later.',
    });
    expect(Number(answers[2]?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The counter lives in this process, not in a row every request would have to write.
    const { rows } = await api.db.query<{ n: number }>(
      "select count(*)::int as n from rate_limits where key like 'global:%'",
    );
    expect(rows[0]?.n).toBe(0);
    // The window passes: the counter starts again.
    api.clock.now = new Date(api.clock.now.getTime() + 61_000);
    expect((await api.request('GET', '/api/auth/user')).status).toBe(401);
    await api.close();
  });

  it('rate limits an IPv6 client by its /64, however many of its addresses it uses', async () => {
    const api = await startTestApi({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const from = (address: string) =>
        api.request('GET', '/api/auth/user', { headers: { 'x-forwarded-for': address } });
      const statuses = [];
      for (const address of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9:abcd::3']) {
        statuses.push((await from(address)).status);
      }
      expect(statuses).toEqual([401, 401, 429]);
      expect((await from('2001:db8:9:a::1')).status).toBe(401);
    } finally {
      await api.close();
    }
  });
});

describe('error codes', () => {
  it('every error answer carries a code from the shared list', async () => {
    const api = await startTestApi({ MAGIC_LINK_RATE_PER_IP: '3' });
    try {
      const user = await api.signIn('codes@example.com');
      const answers = [
        await api.request('GET', '/api/auth/user'),
        await api.request('GET', '/api/nothing'),
        await api.request('GET', '/api/projects/%'),
        await api.request('GET', '/api/projects/not-a-uuid', { as: user }),
        await api.request('POST', '/api/projects', { as: user, body: {} }),
        await api.request('POST', '/api/projects', { as: user, body: '{' }),
        await api.request('POST', '/api/auth/unlink', { as: user, body: { provider: 'google' } }),
        await api.request('POST', '/api/auth/unlink', {
          as: user,
          body: { provider: 'magicLink' },
        }),
        await api.request('POST', '/api/auth/logout', { headers: { origin: 'https://x.example' } }),
        await api.request('POST', '/api/auth/send-magic-link', {
          body: {
            email: 'codes@example.com',
            purpose: 'account_linking',
            linkingToken: 'x'.repeat(43),
            provider: 'google',
          },
        }),
      ];
      for (let i = 0; i < 4; i += 1) {
        answers.push(
          await api.request('POST', '/api/auth/request-magic-link', {
            body: { email: `codes${i}@example.com`, firstName: 'A', lastName: 'B' },
          }),
        );
      }
      const errors = answers.filter((res) => res.status >= 400);
      expect(errors.length).toBeGreaterThanOrEqual(11);
      for (const res of errors) {
        const body: unknown = await res.json();
        // An unknown code (or a missing one) fails here: clients branch on the shared list.
        expect(apiErrorBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      }
    } finally {
      await api.close();
    }
  });
});

describe('routes', () => {
  it('refuses to start with a route the host would not forward to the API', async () => {
    const api = await startTestApi();
    const { buildApp } = await import('./app.js');
    const app = await buildApp({ config: api.config, db: api.db, mailer: null });
    expect(() => app.get('/u/secret', async () => 'never')).toThrow(/outside the API's paths/);
    await app.close();
    await api.close();
  });
});

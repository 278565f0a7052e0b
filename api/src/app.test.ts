import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/test-api.js';

describe('health', () => {
  it('answers ok while the database answers, and 503 once it does not', async () => {
    const api = await startTestApi();
    const ok = await fetch(`${api.url}/health`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });

    await api.db.close();
    const down = await fetch(`${api.url}/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'error' });
    await api.close().catch(() => {});
  });
});

describe('HTTP conventions', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers unknown routes with 404 and the error shape', async () => {
    const res = await fetch(`${api.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/application\/json/);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const { cookie } = await api.signIn('target@example.com');
    const res = await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Forbidden' });
    const stillSignedIn = await fetch(`${api.url}/api/auth/user`, { headers: { cookie } });
    expect(stillSignedIn.status).toBe(200);
  });

  it('accepts Origin: null only when the browser says the request is same-origin', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${api.url}/api/auth/logout`, {
        method: 'POST',
        headers: { origin: 'null', ...headers },
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('refuses a cross-site browser request that carries no Origin', async () => {
    const res = await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });
});

describe('failures', () => {
  it('hides internal errors behind a generic 500', async () => {
    const api = await startTestApi();
    // A broken table makes the user lookup throw inside the route.
    const { cookie } = await api.signIn('broken@example.com');
    await api.db.query('alter table users rename to users_gone');
    const res = await fetch(`${api.url}/api/auth/user`, { headers: { cookie } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toMatch(/users|relation|at /);
    await api.close();
  });

  it('rate limits with 429 and a message containing "Too many requests"', async () => {
    const api = await startTestApi({ RATE_LIMIT_PER_MINUTE: '2' });
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${api.url}/api/auth/user`);
      statuses.push(res.status);
      bodies.push(await res.json());
    }
    expect(statuses).toEqual([401, 401, 429]);
    expect((bodies[2] as { message: string }).message).toContain('Too many requests');
    // The window passes: the counter, kept in the database, starts again.
    api.clock.now = new Date(api.clock.now.getTime() + 61_000);
    expect((await fetch(`${api.url}/api/auth/user`)).status).toBe(401);
    await api.close();
  });
});

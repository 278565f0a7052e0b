import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.js';

const ORIGIN = 'http://localhost:3000';

describe('sign-in methods and sessions', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  async function link(userId: string, provider: string, verified = true) {
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified) values ($1, $2, $3, 'x@example.com', $4)`,
      [userId, provider, `${provider}-${userId}`, verified],
    );
  }

  function post(path: string, cookie: string, body?: unknown) {
    return fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  it('lists each method with connected and verified status', async () => {
    const { cookie, userId } = await api.signIn('methods@example.com');
    await link(userId, 'magic_link');
    await link(userId, 'facebook', false);
    const res = await fetch(`${api.url}/api/auth/methods`, { headers: { cookie } });
    expect(await res.json()).toEqual({
      google: { connected: false, emailVerified: false },
      facebook: { connected: true, emailVerified: false },
      magicLink: { connected: true, emailVerified: true },
      hasMultipleMethods: true,
    });
    expect((await fetch(`${api.url}/api/auth/methods`)).status).toBe(401);
  });

  it('unlinks a method but never the only one', async () => {
    const { cookie, userId } = await api.signIn('unlink@example.com');
    await link(userId, 'magic_link');
    await link(userId, 'google');
    expect((await post('/api/auth/unlink', cookie, { provider: 'google' })).status).toBe(200);
    const refused = await post('/api/auth/unlink', cookie, { provider: 'magicLink' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'You cannot remove your only sign-in method.',
    });
    expect((await post('/api/auth/unlink', cookie, { provider: 'github' })).status).toBe(400);
    const methods = (await (
      await fetch(`${api.url}/api/auth/methods`, { headers: { cookie } })
    ).json()) as {
      magicLink: { connected: boolean };
      hasMultipleMethods: boolean;
    };
    expect(methods.magicLink.connected).toBe(true);
    expect(methods.hasMultipleMethods).toBe(false);
  });

  it('signs out every other session and keeps the current one', async () => {
    const here = await api.signIn('devices@example.com');
    const phone = await api.signIn('devices@example.com');
    const res = await post('/api/auth/logout-all-devices', here.cookie);
    expect(await res.json()).toEqual({ success: true, endedSessions: 1 });
    expect(
      (await fetch(`${api.url}/api/auth/user`, { headers: { cookie: phone.cookie } })).status,
    ).toBe(401);
    expect(
      (await fetch(`${api.url}/api/auth/user`, { headers: { cookie: here.cookie } })).status,
    ).toBe(200);
  });
});

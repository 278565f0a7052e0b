import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.js';

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

  it('lists each method with connected and verified status', async () => {
    const user = await api.signIn('methods@example.com');
    await link(user.userId, 'magic_link');
    await link(user.userId, 'facebook', false);
    const res = await api.request('GET', '/api/auth/methods', { as: user });
    expect(await res.json()).toEqual({
      google: { connected: false, emailVerified: false },
      facebook: { connected: true, emailVerified: false },
      magicLink: { connected: true, emailVerified: true },
      hasMultipleMethods: true,
    });
    expect((await api.request('GET', '/api/auth/methods')).status).toBe(401);
  });

  it('unlinks a method but never the only one', async () => {
    const user = await api.signIn('unlink@example.com');
    await link(user.userId, 'magic_link');
    await link(user.userId, 'google');
    const unlink = (provider: string, extra: Record<string, unknown> = {}) =>
      api.request('POST', '/api/auth/unlink', { as: user, body: { provider, ...extra } });
    // A name the call does not know is refused, not dropped: Google stays linked.
    const extra = await unlink('google', { reason: 'unused' });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({
      code: 'VALIDATION',
      message: 'Unrecognized key: "reason"',
    });
    const still = (await (await api.request('GET', '/api/auth/methods', { as: user })).json()) as {
      google: { connected: boolean };
    };
    expect(still.google.connected).toBe(true);
    expect((await unlink('google')).status).toBe(200);
    const refused = await unlink('magicLink');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'LAST_SIGN_IN_METHOD',
      message: 'You cannot remove your only sign-in method.',
    });
    const unknown = await unlink('github');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { code: string }).code).toBe('VALIDATION');
    const methods = (await (
      await api.request('GET', '/api/auth/methods', { as: user })
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
    const res = await api.request('POST', '/api/auth/logout-all-devices', { as: here });
    expect(await res.json()).toEqual({ success: true, endedSessions: 1 });
    expect((await api.request('GET', '/api/auth/user', { as: phone })).status).toBe(401);
    expect((await api.request('GET', '/api/auth/user', { as: here })).status).toBe(200);
  });

  it('signs out the other sessions with a JSON content type and an empty body too', async () => {
    const here = await api.signIn('devices-empty@example.com');
    const phone = await api.signIn('devices-empty@example.com');
    const res = await api.request('POST', '/api/auth/logout-all-devices', { as: here, body: '' });
    expect(res.status).toBe(200);
    expect((await api.request('GET', '/api/auth/user', { as: phone })).status).toBe(401);
  });
});

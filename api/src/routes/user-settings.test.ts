import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.js';

describe('notification settings', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const put = (as: Parameters<TestApi['request']>[2], body: unknown) =>
    api.request('PUT', '/api/user/settings', { ...as, body });

  it('needs a session, and for a write the site\u2019s origin', async () => {
    expect((await api.request('GET', '/api/user/settings')).status).toBe(401);
    expect((await put({}, { promotions: true })).status).toBe(401);
    const ana = await api.signIn('settings-origin@example.com');
    const elsewhere = await api.request('PUT', '/api/user/settings', {
      as: ana,
      body: { promotions: true },
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhere.status).toBe(403);
  });

  it('starts with e-mails about requests on and marketing off, project updates always on', async () => {
    const ana = await api.signIn('settings-defaults@example.com');
    const res = await api.request('GET', '/api/user/settings', { as: ana });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      emailNotifications: true,
      newsletters: false,
      promotions: false,
      projectUpdates: true,
    });
  });

  it('saves one switch at a time and keeps the others', async () => {
    const ana = await api.signIn('settings-one@example.com');
    expect(await (await put({ as: ana }, { newsletters: true })).json()).toEqual({
      emailNotifications: true,
      newsletters: true,
      promotions: false,
      projectUpdates: true,
    });
    await put({ as: ana }, { emailNotifications: false });
    const read = await api.request('GET', '/api/user/settings', { as: ana });
    expect(await read.json()).toEqual({
      emailNotifications: false,
      newsletters: true,
      promotions: false,
      projectUpdates: true,
    });
    // Another account's switches are its own.
    const rosa = await api.signIn('settings-other@example.com');
    const other = await api.request('GET', '/api/user/settings', { as: rosa });
    expect(((await other.json()) as { newsletters: boolean }).newsletters).toBe(false);
  });

  it('refuses to turn project updates off, unknown switches, non-booleans and an empty change', async () => {
    const ana = await api.signIn('settings-bad@example.com');
    const off = await put({ as: ana }, { projectUpdates: false });
    expect(off.status).toBe(400);
    expect(await off.json()).toEqual({
      code: 'VALIDATION',
      message: 'projectUpdates: Project updates are always on and cannot be turned off.',
    });
    expect((await put({ as: ana }, { projectUpdates: true })).status).toBe(200);
    for (const body of [{ marketing: true }, { promotions: 'yes' }, {}, [], null]) {
      const res = await put({ as: ana }, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION');
    }
    const read = await api.request('GET', '/api/user/settings', { as: ana });
    expect(((await read.json()) as { promotions: boolean }).promotions).toBe(false);
  });
});

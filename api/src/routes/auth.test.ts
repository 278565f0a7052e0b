import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../auth/sessions.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';

describe('auth routes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ ADMIN_EMAILS: 'rosa@trekperu.example' });
  });
  afterAll(() => api.close());

  it('GET /api/auth/user answers 401 with the error shape for a visitor', async () => {
    const res = await fetch(`${api.url}/api/auth/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Not signed in' });
  });

  it('GET /api/auth/user returns the signed-in user, never cached', async () => {
    const { cookie, userId } = await api.signIn('ana@example.com', {
      firstName: 'Ana',
      lastName: 'Quispe',
    });
    const res = await fetch(`${api.url}/api/auth/user?t=1`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      id: userId,
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Quispe',
      displayName: 'Ana Quispe',
      profileImageUrl: null,
      providers: [{ provider: 'magic_link' }],
      isAdmin: false,
      hasTemporaryEmail: false,
    });
  });

  it('marks the accounts of ADMIN_EMAILS as admin, whatever the case of the e-mail', async () => {
    const { cookie } = await api.signIn('Rosa@TrekPeru.example');
    const user = (await (
      await fetch(`${api.url}/api/auth/user`, { headers: { cookie } })
    ).json()) as { isAdmin: boolean };
    expect(user.isAdmin).toBe(true);
  });

  it('treats an unknown or idle-expired session as signed out', async () => {
    const unknown = await fetch(`${api.url}/api/auth/user`, {
      headers: { cookie: 'trek_session=forged' },
    });
    expect(unknown.status).toBe(401);

    const { cookie } = await api.signIn('idle@example.com');
    const started = api.clock.now;
    api.clock.now = new Date(started.getTime() + SESSION_IDLE_MS + 1000);
    try {
      const res = await fetch(`${api.url}/api/auth/user`, { headers: { cookie } });
      expect(res.status).toBe(401);
    } finally {
      api.clock.now = started;
    }
  });

  it('POST /api/auth/logout ends the session, clears the cookie and the site data', async () => {
    const { cookie } = await api.signIn('leaving@example.com');
    const res = await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('clear-site-data')).toBe('"cookies"');
    expect(res.headers.get('set-cookie')).toMatch(/trek_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await fetch(`${api.url}/api/auth/user`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('POST /api/auth/logout without a session still answers success', async () => {
    const res = await fetch(`${api.url}/api/auth/logout`, { method: 'POST' });
    expect(res.status).toBe(200);
  });

  it('GET /api/login redirects to the sign-in page', async () => {
    const res = await fetch(`${api.url}/api/login`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in');
  });
});

import { userSchema } from '@trek/shared/schemas';
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
    const res = await api.request('GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Not signed in' });
  });

  it('GET /api/auth/user returns the signed-in user as the shared schema reads it, never cached', async () => {
    const ana = await api.signIn('ana@example.com', { firstName: 'Ana', lastName: 'Quispe' });
    const res = await api.request('GET', '/api/auth/user?t=1', { as: ana });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const user: unknown = await res.json();
    expect(user).toEqual({
      id: ana.userId,
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Quispe',
      displayName: 'Ana Quispe',
      profileImageUrl: null,
      providers: [{ provider: 'magic_link' }],
      isAdmin: false,
      hasTemporaryEmail: false,
    });
    expect(userSchema.parse(user)).toEqual(user);
  });

  it('marks the accounts of ADMIN_EMAILS as admin, whatever the case of the e-mail', async () => {
    const rosa = await api.signIn('Rosa@TrekPeru.example');
    const user = (await (await api.request('GET', '/api/auth/user', { as: rosa })).json()) as {
      isAdmin: boolean;
    };
    expect(user.isAdmin).toBe(true);
  });

  it('treats an unknown or idle-expired session as signed out', async () => {
    const unknown = await api.request('GET', '/api/auth/user', { as: 'trek_session=forged' });
    expect(unknown.status).toBe(401);

    const idle = await api.signIn('idle@example.com');
    const started = api.clock.now;
    api.clock.now = new Date(started.getTime() + SESSION_IDLE_MS + 1000);
    try {
      expect((await api.request('GET', '/api/auth/user', { as: idle })).status).toBe(401);
    } finally {
      api.clock.now = started;
    }
  });

  it('POST /api/auth/logout ends the session, clears the cookie and the site data', async () => {
    const leaving = await api.signIn('leaving@example.com');
    const res = await api.request('POST', '/api/auth/logout', { as: leaving });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('clear-site-data')).toBe('"cookies"');
    expect(res.headers.get('set-cookie')).toMatch(/trek_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await api.request('GET', '/api/auth/user', { as: leaving })).status).toBe(401);
  });

  it('POST /api/auth/logout with a JSON content type and any JSON body still ends the session', async () => {
    for (const [i, body] of ['', '{}', '[]', '"bye"', 'null', '{"a":1}'].entries()) {
      const leaving = await api.signIn(`empty${i}@example.com`);
      const res = await api.request('POST', '/api/auth/logout', { as: leaving, body });
      expect(res.status, `body "${body}"`).toBe(200);
      expect((await api.request('GET', '/api/auth/user', { as: leaving })).status).toBe(401);
    }
  });

  it('a session ended by another API process stops working within a second', async () => {
    const elsewhere = await api.signIn('ended-elsewhere@example.com');
    expect((await api.request('GET', '/api/auth/user', { as: elsewhere })).status).toBe(200);
    // Another process deletes it: this one may still trust what it found a moment ago...
    await api.db.query('delete from sessions where user_id = $1', [elsewhere.userId]);
    api.clock.now = new Date(api.clock.now.getTime() + 1001);
    // ...but no longer than a second.
    expect((await api.request('GET', '/api/auth/user', { as: elsewhere })).status).toBe(401);
  });

  it('POST /api/auth/logout without a session still answers success', async () => {
    expect((await api.request('POST', '/api/auth/logout')).status).toBe(200);
  });

  it('GET /api/login redirects to the sign-in page', async () => {
    const res = await api.request('GET', '/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcTestProvider } from '../testing/oidc-test-provider.js';
import { startTestApi, TEST_ORIGIN, type TestApi } from '../testing/test-api.js';
import { REDACTED, redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/auth/magic-link?token=abc123')).toBe(
      `/api/auth/magic-link?token=${REDACTED}`,
    );
    expect(redactUrl('/auth/google/callback?code=c0de&state=s7&iss=http%3A%2F%2Fidp')).toBe(
      `/auth/google/callback?code=${REDACTED}&state=${REDACTED}&iss=http%3A%2F%2Fidp`,
    );
    expect(redactUrl('/auth/google?returnTo=%2Fcreate-project&formData=eyJ0')).toBe(
      `/auth/google?returnTo=%2Fcreate-project&formData=${REDACTED}`,
    );
    expect(redactUrl('/upload?X-Amz-Signature=f00&TOKEN=x&%74oken=y')).toBe(
      `/upload?X-Amz-Signature=${REDACTED}&TOKEN=${REDACTED}&%74oken=${REDACTED}`,
    );
    expect(redactUrl('/api/projects?limit=2')).toBe('/api/projects?limit=2');
    expect(redactUrl('/health')).toBe('/health');
  });
});

describe('the log of a sign-in', () => {
  let api: TestApi;
  let idp: Awaited<ReturnType<typeof startOidcTestProvider>>;
  beforeAll(async () => {
    idp = await startOidcTestProvider(TEST_ORIGIN);
    api = await startTestApi(
      {
        LOG_LEVEL: 'trace',
        GOOGLE_CLIENT_ID: 'trek-google',
        GOOGLE_CLIENT_SECRET: 'trek-google-secret',
        GOOGLE_ISSUER: idp.issuer,
      },
      { logs: true },
    );
  });
  afterAll(async () => {
    await api.close();
    await idp.close();
  });

  it('holds no magic-link token, OAuth code or state, though every request is logged', async () => {
    const secrets: string[] = [];

    // A magic link: asked for, opened, followed.
    const sent = await api.request('POST', '/api/auth/request-magic-link', {
      body: { email: 'logged@example.com', firstName: 'Lo', lastName: 'Gged' },
    });
    const link = new URL(((await sent.json()) as { magicLink: string }).magicLink);
    const token = link.searchParams.get('token') ?? '';
    secrets.push(token);
    expect((await api.request('GET', `${link.pathname}${link.search}`)).status).toBe(200);
    expect((await api.request('POST', link.pathname, { form: { token } })).status).toBe(303);

    // A Google sign-in: the callback URL carries the code and the state.
    idp.accounts.set('g-log', { sub: 'g-log', email: 'g-log@example.com', email_verified: true });
    idp.signInAs('g-log');
    const start = await api.request('GET', '/auth/google?returnTo=/u/projects');
    const browser = start.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    let next = new URL(start.headers.get('location') ?? '');
    const idpCookies: string[] = [];
    while (next.origin !== TEST_ORIGIN) {
      const res = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: idpCookies.join('; ') },
      });
      for (const cookie of res.headers.getSetCookie()) idpCookies.push(cookie.split(';')[0] ?? '');
      next = new URL(res.headers.get('location') ?? '', next);
    }
    secrets.push(next.searchParams.get('code') ?? '', next.searchParams.get('state') ?? '');
    const callback = await api.request('GET', `${next.pathname}${next.search}`, { as: browser });
    expect(callback.headers.get('location')).toBe('/u/projects?auth=success');

    const log = api.logLines.join('');
    expect(log).toContain('/api/auth/magic-link?token=[redacted]');
    expect(log).toContain('/auth/google/callback?code=[redacted]');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/trek_session=[\w-]{20}/);
  });
});

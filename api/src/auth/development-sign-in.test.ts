import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { browse } from '../testing/browse.js';
import { startTestApi, TEST_ORIGIN, type TestApi } from '../testing/test-api.js';
import { startDevelopmentSignIn } from './development-sign-in.js';

describe('the development sign-in', () => {
  it('never starts in production, on a real domain, in tests or when turned off', async () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'development', PUBLIC_ORIGIN: 'https://trek.example' },
      { NODE_ENV: 'test' },
      { NODE_ENV: 'development', DEVELOPMENT_SIGN_IN: 'off' },
    ]) {
      expect(await startDevelopmentSignIn(loadConfig(env))).toBeNull();
    }
  });

  describe('in development without credentials', () => {
    let api: TestApi;
    let signIn: NonNullable<Awaited<ReturnType<typeof startDevelopmentSignIn>>>;

    beforeAll(async () => {
      const development = { NODE_ENV: 'development', PUBLIC_ORIGIN: TEST_ORIGIN };
      const started = await startDevelopmentSignIn(loadConfig(development));
      if (!started) throw new Error('the development sign-in did not start');
      signIn = started;
      // The providers the API's server.ts would use; the API itself stays a quiet test API.
      api = await startTestApi({}, { oauthProviders: signIn.providers });
    });
    afterAll(async () => {
      await api.close();
      await signIn.close();
    });

    /** Starts a sign-in and answers the development provider's form. */
    async function signInWith(provider: 'google' | 'facebook', form: Record<string, string>) {
      const screen = await browse(api, `/auth/${provider}?returnTo=/u/projects`);
      expect(screen.url.origin).toBe(signIn.issuer);
      expect(await screen.res.text()).toContain('<h1>Development sign-in</h1>');
      return browse(api, screen.url.href, screen.cookies, form);
    }

    it('tells the client both providers are the development sign-in', async () => {
      expect(await (await api.request('GET', '/api/auth/providers')).json()).toEqual({
        google: { available: true, development: true },
        facebook: { available: true, development: true },
      });
    });

    it('signs any e-mail in: Google vouches for it, Facebook does not', async () => {
      const google = await signInWith('google', {
        email: 'Dev.Traveller@example.com',
        given_name: 'Dev',
        family_name: 'Traveller',
        action: 'login',
      });
      expect(`${google.url.pathname}${google.url.search}`).toBe('/u/projects?auth=success');
      const cookie = google.cookies.get(new URL(api.url).host) ?? '';
      expect(
        await (await api.request('GET', '/api/auth/user', { as: cookie })).json(),
      ).toMatchObject({
        email: 'dev.traveller@example.com',
        firstName: 'Dev',
        lastName: 'Traveller',
      });
      expect(
        await (await api.request('GET', '/api/auth/methods', { as: cookie })).json(),
      ).toMatchObject({ google: { connected: true, emailVerified: true } });

      const facebook = await signInWith('facebook', {
        email: 'fb.only@example.com',
        action: 'login',
      });
      const fbCookie = facebook.cookies.get(new URL(api.url).host) ?? '';
      expect(
        await (await api.request('GET', '/api/auth/methods', { as: fbCookie })).json(),
      ).toMatchObject({ facebook: { connected: true, emailVerified: false } });
    });

    it('signs nobody in when the developer cancels', async () => {
      const cancelled = await signInWith('google', { email: '', action: 'cancel' });
      expect(`${cancelled.url.pathname}${cancelled.url.search}`).toBe(
        '/sign-in?error=access_denied',
      );
    });
  });
});

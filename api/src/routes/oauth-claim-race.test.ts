import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browse } from '../testing/browse.js';
import { startOidcTestProvider } from '../testing/oidc-test-provider.js';
import { TEST_ORIGIN as ORIGIN, startTestApi, type TestApi } from '../testing/test-api.js';

/** Runs once, just before the next session is created: where a concurrent request can cut in. */
const hooks = vi.hoisted(() => ({ beforeSession: null as null | (() => Promise<void>) }));

vi.mock('../auth/sessions.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/sessions.js')>();
  return {
    ...real,
    createSession: async (...args: Parameters<typeof real.createSession>) => {
      const hook = hooks.beforeSession;
      hooks.beforeSession = null;
      if (hook) await hook();
      return real.createSession(...args);
    },
  };
});

describe('OAuth sign-in racing an owner claiming the account', () => {
  let api: TestApi;
  let idp: Awaited<ReturnType<typeof startOidcTestProvider>>;

  beforeAll(async () => {
    idp = await startOidcTestProvider(ORIGIN);
    api = await startTestApi({
      FACEBOOK_CLIENT_ID: 'trek-facebook',
      FACEBOOK_CLIENT_SECRET: 'trek-facebook-secret',
      FACEBOOK_ISSUER: idp.issuer,
    });
  });
  afterAll(async () => {
    await api.close();
    await idp.close();
  });

  it('leaves the stranger no session when the claim lands between finding the identity and the session', async () => {
    // A stranger made an account under the owner's address with a Facebook account (unverified).
    idp.accounts.set('fb-race', { sub: 'fb-race', email: 'race@example.com' });
    idp.signInAs('fb-race');
    expect((await browse(api, '/auth/facebook')).url.search).toBe('?auth=success');
    const sent = (await (
      await api.request('POST', '/api/auth/request-magic-link', {
        body: { email: 'race@example.com', firstName: 'Rae', lastName: 'Owner' },
      })
    ).json()) as { magicLink: string };

    // The stranger signs in again; the owner's claim arrives just before the session is made.
    let claim: Promise<Response> | null = null;
    hooks.beforeSession = async () => {
      claim = api.request('POST', '/api/auth/magic-link', {
        form: { token: new URL(sent.magicLink).searchParams.get('token') ?? '' },
      });
      // The claim runs to its end unless the sign-in holds it back until it is done.
      await Promise.race([claim, sleep(1000)]);
    };
    const again = await browse(api, '/auth/facebook');
    expect(again.url.search).toBe('?auth=success');
    expect(claim).not.toBeNull();
    expect(((await claim) as unknown as Response).status).toBe(303);

    const stranger = again.cookies.get(new URL(api.url).host) ?? '';
    expect((await api.request('GET', '/api/auth/user', { as: stranger })).status).toBe(401);
  });
});

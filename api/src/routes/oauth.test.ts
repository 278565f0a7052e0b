import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browse } from '../testing/browse.js';
import { startOidcTestProvider } from '../testing/oidc-test-provider.js';
import { OFF_SITE_REDIRECTS } from '../testing/redirect-payloads.js';
import { TEST_ORIGIN as ORIGIN, startTestApi, type TestApi } from '../testing/test-api.js';

/** The Continue button of a magic link's page, in a browser holding `cookie` (none: another one). */
function pressContinue(api: TestApi, magicLink: string, cookie = ''): Promise<Response> {
  return api.request('POST', '/api/auth/magic-link', {
    as: cookie,
    form: { token: new URL(magicLink).searchParams.get('token') ?? '' },
  });
}

/** The conflict page's request for a linking magic link. */
function sendLinkingLink(api: TestApi, body: Record<string, unknown>): Promise<Response> {
  return api.request('POST', '/api/auth/send-magic-link', {
    body: { purpose: 'account_linking', ...body },
  });
}

function sessionCookieOf(res: Response): string {
  return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

describe('OAuth sign-in', () => {
  let api: TestApi;
  let idp: Awaited<ReturnType<typeof startOidcTestProvider>>;

  beforeAll(async () => {
    idp = await startOidcTestProvider(ORIGIN);
    api = await startTestApi({
      GOOGLE_CLIENT_ID: 'trek-google',
      GOOGLE_CLIENT_SECRET: 'trek-google-secret',
      GOOGLE_ISSUER: idp.issuer,
      FACEBOOK_CLIENT_ID: 'trek-facebook',
      FACEBOOK_CLIENT_SECRET: 'trek-facebook-secret',
      FACEBOOK_ISSUER: idp.issuer,
      ADMIN_EMAILS: 'boss@example.com',
    });
  });
  afterAll(async () => {
    await api.close();
    await idp.close();
  });

  const siteCookie = (cookies: Map<string, string>) => cookies.get(new URL(api.url).host) ?? '';

  it('signs a new Google account in with state and PKCE and lands on returnTo', async () => {
    idp.accounts.set('g-1', {
      sub: 'g-1',
      email: 'Rosa@example.com',
      email_verified: true,
      given_name: 'Rosa',
      family_name: 'Huaman',
    });
    idp.signInAs('g-1');
    const start = await api.request('GET', '/auth/google?returnTo=/u/projects');
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toMatch(/.{20,}/);

    const { url, cookies } = await browse(api, `/auth/google?returnTo=/u/projects`);
    expect(`${url.pathname}${url.search}`).toBe('/u/projects?auth=success');
    const user = (await (
      await api.request('GET', '/api/auth/user', { as: siteCookie(cookies) })
    ).json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      email: 'rosa@example.com',
      firstName: 'Rosa',
      providers: [{ provider: 'google' }],
      hasTemporaryEmail: false,
    });

    // The same Google account signs in to the same user next time.
    const again = await browse(api, '/auth/google');
    const same = (await (
      await api.request('GET', '/api/auth/user', { as: siteCookie(again.cookies) })
    ).json()) as { id: string };
    expect(same.id).toBe(user.id);
  });

  it('keeps formData and a same-origin returnTo; an off-site returnTo falls back to /u/projects', async () => {
    idp.accounts.set('g-2', { sub: 'g-2', email: 'wizard@example.com', email_verified: true });
    idp.signInAs('g-2');
    const carried = await browse(
      api,
      '/auth/google?returnTo=/create-project&formData=eyJ0cmVrIjoiTGFyZXMifQ',
    );
    expect(`${carried.url.pathname}${carried.url.search}`).toBe(
      '/create-project?auth=success&formData=eyJ0cmVrIjoiTGFyZXMifQ',
    );
    const offsite = await browse(api, '/auth/google?returnTo=https://evil.example/steal');
    expect(offsite.url.pathname).toBe('/u/projects');
  });

  it('never leaves the site after a sign-in or a link, whatever returnTo normalises to', async () => {
    idp.accounts.set('g-redirect', {
      sub: 'g-redirect',
      email: 'redirect@example.com',
      email_verified: true,
    });
    const { cookie } = await api.signIn('redirect-link@example.com');
    for (const [i, payload] of OFF_SITE_REDIRECTS.entries()) {
      // Two starts per payload: the per-address cap on starts is another test's subject.
      await api.db.query("delete from rate_limits where key like 'oauth-start:%'");
      const returnTo = encodeURIComponent(payload);
      idp.signInAs('g-redirect');
      const signedIn = await browse(api, `/auth/google?returnTo=${returnTo}`);
      expect(signedIn.res.headers.get('location'), payload).toBe('/u/projects?auth=success');

      idp.accounts.set(`g-link-${i}`, {
        sub: `g-link-${i}`,
        email: 'redirect-link@example.com',
        email_verified: true,
      });
      idp.signInAs(`g-link-${i}`);
      await api.db.query(
        "delete from auth_identities where provider = 'google' and subject like 'g-link-%'",
      );
      const jar = new Map([[new URL(api.url).host, cookie]]);
      const linked = await browse(api, `/auth/google?mode=link&returnTo=${returnTo}`, jar);
      expect(linked.res.headers.get('location'), payload).toBe('/u/settings?linked=google');
    }
    await api.db.query("delete from rate_limits where key like 'oauth-start:%'");
  });

  it('refuses a forged or replayed state and a cancelled sign-in', async () => {
    const forged = await api.request('GET', '/auth/google/callback?code=abc&state=forged');
    expect(forged.headers.get('location')).toBe('/sign-in?error=invalid_state');
    expect(forged.headers.get('set-cookie')).toBeNull();

    idp.signInAs(null);
    const cancelled = await browse(api, '/auth/google');
    expect(`${cancelled.url.pathname}${cancelled.url.search}`).toBe('/sign-in?error=access_denied');
  });

  it('never links an existing e-mail silently: it sends the owner to the conflict page', async () => {
    await api.signIn('owner@example.com');
    idp.accounts.set('fb-1', { sub: 'fb-1', email: 'owner@example.com' });
    idp.signInAs('fb-1');
    const { url, cookies } = await browse(api, '/auth/facebook');
    expect(url.pathname).toBe('/auth/conflict');
    expect(url.searchParams.get('email')).toBe('owner@example.com');
    expect(url.searchParams.get('provider')).toBe('facebook');
    expect(siteCookie(cookies)).not.toContain('trek_session');

    // A name the call does not know is refused, not dropped, and nothing is mailed.
    const mails = api.sentMail.length;
    const extra = await sendLinkingLink(api, {
      email: 'owner@example.com',
      linkingToken: url.searchParams.get('token'),
      provider: 'facebook',
      firstName: 'Rosa',
    });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({
      code: 'VALIDATION',
      message: 'Unrecognized key: "firstName"',
    });
    expect(api.sentMail).toHaveLength(mails);

    // The owner proves the e-mail with a linking magic link; the Facebook account is then linked.
    const send = await sendLinkingLink(api, {
      email: 'owner@example.com',
      linkingToken: url.searchParams.get('token'),
      provider: 'facebook',
    });
    const sent = (await send.json()) as { magicLink: string };
    expect(sent).toMatchObject({ success: true });
    const { magicLink } = sent;
    const mail = api.sentMail.findLast((m) => m.to === 'owner@example.com');
    expect(mail?.subject).toBe('Connect Facebook to your TrekPeru account');
    expect(mail?.text).toContain('If it was not you, ignore this e-mail');
    const continuePage = await fetch(magicLink.replace(ORIGIN, api.url));
    expect(await continuePage.text()).toContain('connect your <strong>Facebook</strong> account');
    // Followed in the browser that signed in with Facebook.
    const consumed = await pressContinue(api, magicLink, siteCookie(cookies));
    expect(consumed.status).toBe(303);
    const cookie = sessionCookieOf(consumed);
    const methods = (await (
      await api.request('GET', '/api/auth/methods', { as: cookie })
    ).json()) as {
      facebook: { connected: boolean; emailVerified: boolean };
    };
    expect(methods.facebook).toEqual({ connected: true, emailVerified: false });

    // Now Facebook signs the owner in directly.
    const direct = await browse(api, '/auth/facebook');
    expect(direct.url.pathname).toBe('/u/projects');
  });

  it('links nothing when the linking magic link is followed in another browser', async () => {
    // Someone signs in with a Facebook account that claims the victim's e-mail and has the
    // linking link sent to the victim: the victim's click must not link the stranger's account.
    await api.signIn('victim@example.com');
    idp.accounts.set('fb-stranger', { sub: 'fb-stranger', email: 'victim@example.com' });
    idp.signInAs('fb-stranger');
    const { url } = await browse(api, '/auth/facebook');
    expect(url.pathname).toBe('/auth/conflict');
    const sent = (await (
      await sendLinkingLink(api, {
        email: 'victim@example.com',
        linkingToken: url.searchParams.get('token'),
        provider: 'facebook',
      })
    ).json()) as { magicLink: string };
    const consumed = await pressContinue(api, sent.magicLink);
    expect(consumed.status).toBe(200);
    expect(await consumed.text()).toContain('Your Facebook account was not connected');
    const methods = (await (
      await api.request('GET', '/api/auth/methods', { as: sessionCookieOf(consumed) })
    ).json()) as { facebook: { connected: boolean } };
    expect(methods.facebook.connected).toBe(false);
  });

  it('refuses a callback opened in another browser than the one that started the sign-in', async () => {
    idp.accounts.set('g-csrf', { sub: 'g-csrf', email: 'csrf@example.com', email_verified: true });
    idp.signInAs('g-csrf');
    // The attacker starts a sign-in and has a victim finish it (the callback URL, sent on).
    const start = await api.request('GET', '/auth/google');
    expect(sessionCookieOf(start)).toMatch(/^trek_browser=/);
    const victim = await browse(api, start.headers.get('location') ?? '');
    expect(`${victim.url.pathname}${victim.url.search}`).toBe('/sign-in?error=invalid_state');
    expect(siteCookie(victim.cookies)).not.toContain('trek_session');

    // The same round trip in the browser that started it signs in.
    const own = await api.request('GET', '/auth/google');
    const jar = new Map([[new URL(api.url).host, sessionCookieOf(own)]]);
    const finished = await browse(api, own.headers.get('location') ?? '', jar);
    expect(`${finished.url.pathname}${finished.url.search}`).toBe('/u/projects?auth=success');
  });

  it('an e-mail a provider did not vouch for gives no admin rights, and its owner takes the account back', async () => {
    idp.accounts.set('fb-boss', { sub: 'fb-boss', email: 'boss@example.com' });
    idp.signInAs('fb-boss');
    const claimed = await browse(api, '/auth/facebook');
    expect(claimed.url.search).toBe('?auth=success');
    const claimant = { as: siteCookie(claimed.cookies) };
    const before = (await (await api.request('GET', '/api/auth/user', claimant)).json()) as {
      isAdmin: boolean;
    };
    expect(before.isAdmin).toBe(false);

    // The owner of the address follows a magic link: the unproven Facebook sign-in loses it.
    const sent = (await (
      await api.request('POST', '/api/auth/request-magic-link', {
        body: {
          email: 'boss@example.com',
          firstName: 'Boss',
          lastName: 'Owner',
          redirectTo: '/u/projects',
        },
      })
    ).json()) as { magicLink: string };
    const consumed = await pressContinue(api, sent.magicLink);
    expect(consumed.status).toBe(303);
    const owner = { as: sessionCookieOf(consumed) };
    const after = (await (await api.request('GET', '/api/auth/user', owner)).json()) as {
      isAdmin: boolean;
      providers: Array<{ provider: string }>;
    };
    expect(after.isAdmin).toBe(true);
    expect(after.providers).toEqual([{ provider: 'magic_link' }]);
    expect((await api.request('GET', '/api/auth/user', claimant)).status).toBe(401);
    // Facebook no longer opens the account: it now meets the owner's e-mail (conflict).
    const again = await browse(api, '/auth/facebook');
    expect(again.url.pathname).toBe('/auth/conflict');
  });

  it("the owner claiming an unproven account finds marketing switched off again: consent is the owner's", async () => {
    idp.accounts.set('fb-consent', { sub: 'fb-consent', email: 'consent@example.com' });
    idp.signInAs('fb-consent');
    const claimed = await browse(api, '/auth/facebook');
    expect(claimed.url.search).toBe('?auth=success');
    const stranger = { as: siteCookie(claimed.cookies) };
    const opted = await api.request('PUT', '/api/user/settings', {
      ...stranger,
      body: { newsletters: true, promotions: true, emailNotifications: false },
    });
    expect(opted.status).toBe(200);

    const signInByLink = async () => {
      const sent = (await (
        await api.request('POST', '/api/auth/request-magic-link', {
          body: { email: 'consent@example.com', firstName: 'Clara', lastName: 'Owner' },
        })
      ).json()) as { magicLink: string };
      return { as: sessionCookieOf(await pressContinue(api, sent.magicLink)) };
    };
    const owner = await signInByLink();
    const settings = await api.request('GET', '/api/user/settings', owner);
    // Only marketing is reset; a switch about the account's own requests is not a consent.
    expect(await settings.json()).toEqual({
      emailNotifications: false,
      newsletters: false,
      promotions: false,
      projectUpdates: true,
    });

    // The owner's own choice, once the address is proven, outlives the next sign-in.
    await api.request('PUT', '/api/user/settings', { ...owner, body: { newsletters: true } });
    const later = await signInByLink();
    const kept = (await (await api.request('GET', '/api/user/settings', later)).json()) as {
      newsletters: boolean;
    };
    expect(kept.newsletters).toBe(true);
  });

  it('refuses to link a method to an account whose e-mail nobody has proven', async () => {
    // A Facebook sign-in reports chief@example.com without vouching for it; the account it made
    // must not take on another method (the attacker's Google) that would outlive the owner's claim.
    idp.accounts.set('fb-chief', { sub: 'fb-chief', email: 'chief@example.com' });
    idp.signInAs('fb-chief');
    const claimed = await browse(api, '/auth/facebook');
    expect(claimed.url.search).toBe('?auth=success');
    idp.accounts.set('g-mallory', {
      sub: 'g-mallory',
      email: 'mallory@evil.example',
      email_verified: true,
    });
    idp.signInAs('g-mallory');
    const jar = () => new Map([[new URL(api.url).host, siteCookie(claimed.cookies)]]);
    const link = await browse(api, '/auth/google?mode=link&returnTo=/u/settings', jar());
    expect(`${link.url.pathname}${link.url.search}`).toBe('/u/settings?error=email_unproven');
    const { rows } = await api.db.query(
      "select 1 from auth_identities where provider = 'google' and subject = 'g-mallory'",
    );
    expect(rows).toHaveLength(0);

    // A method that proves the account's own address may be linked (it proves the e-mail).
    idp.accounts.set('g-chief', {
      sub: 'g-chief',
      email: 'chief@example.com',
      email_verified: true,
    });
    idp.signInAs('g-chief');
    const own = await browse(api, '/auth/google?mode=link&returnTo=/u/settings', jar());
    expect(`${own.url.pathname}${own.url.search}`).toBe('/u/settings?linked=google');
  });

  it('the owner claiming an unproven account removes every method that does not prove the address, verified ones included', async () => {
    // The takeover of the review: Facebook reports boss@example.com unverified, the attacker's own
    // Google (verified, another address) is on the account (linked before linking was refused),
    // then the real boss signs in by magic link.
    idp.accounts.set('fb-boss2', { sub: 'fb-boss2', email: 'boss@example.com' });
    await api.db.query("delete from users where lower(email) = 'boss@example.com'");
    idp.signInAs('fb-boss2');
    const claimed = await browse(api, '/auth/facebook');
    expect(claimed.url.search).toBe('?auth=success');
    const attacker = { as: siteCookie(claimed.cookies) };
    const { id } = (await (await api.request('GET', '/api/auth/user', attacker)).json()) as {
      id: string;
    };
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'google', 'g-evil', 'mallory@evil.example', true)`,
      [id],
    );
    // The attacker also asked for the account's e-mail to become theirs.
    const change = await api.request('PUT', '/api/user/profile', {
      ...attacker,
      body: { email: 'mallory@evil.example' },
    });
    expect(change.status).toBe(200);
    const sent = (await (
      await api.request('POST', '/api/auth/request-magic-link', {
        body: { email: 'boss@example.com', firstName: 'Boss', lastName: 'Owner', redirectTo: '/' },
      })
    ).json()) as { magicLink: string };
    const consumed = await pressContinue(api, sent.magicLink);
    const owner = { as: sessionCookieOf(consumed) };
    const after = (await (await api.request('GET', '/api/auth/user', owner)).json()) as {
      id: string;
      isAdmin: boolean;
      providers: Array<{ provider: string }>;
    };
    expect(after).toMatchObject({ id, isAdmin: true, providers: [{ provider: 'magic_link' }] });
    const pending = await api.request('GET', '/api/user/email-change', owner);
    expect(await pending.json()).toEqual({ emailChange: null });
    expect((await api.request('GET', '/api/auth/user', attacker)).status).toBe(401);

    // The attacker's Google, in a fresh browser, no longer opens the boss's account.
    idp.accounts.set('g-evil', {
      sub: 'g-evil',
      email: 'mallory@evil.example',
      email_verified: true,
    });
    idp.signInAs('g-evil');
    const fresh = await browse(api, '/auth/google');
    const them = { as: siteCookie(fresh.cookies) };
    const who = (await (await api.request('GET', '/api/auth/user', them)).json()) as { id: string };
    expect(who.id).not.toBe(id);
    expect((await api.request('GET', '/api/admin/guides', them)).status).toBe(403);
  });

  it('says how long the link sent can still link the provider: what is left of the sign-in attempt', async () => {
    await api.signIn('later@example.com');
    idp.accounts.set('fb-later', { sub: 'fb-later', email: 'later@example.com' });
    idp.signInAs('fb-later');
    const { url } = await browse(api, '/auth/facebook');
    expect(url.pathname).toBe('/auth/conflict');
    // Sent 10 minutes after the social sign-in: the attempt has 5 of its 15 minutes left, fewer
    // than the 15 of the link itself.
    const signedInAt = api.clock.now;
    api.clock.now = new Date(signedInAt.getTime() + 10 * 60 * 1000);
    try {
      const send = await sendLinkingLink(api, {
        email: 'later@example.com',
        linkingToken: url.searchParams.get('token'),
        provider: 'facebook',
      });
      expect(send.status).toBe(200);
      expect(await send.json()).toMatchObject({ success: true, linkingSecondsLeft: 5 * 60 });
    } finally {
      api.clock.now = signedInAt;
    }
  });

  it('refuses a linking request whose token or e-mail does not match', async () => {
    const res = await sendLinkingLink(api, {
      email: 'owner@example.com',
      linkingToken: 'x'.repeat(43),
      provider: 'google',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('LINKING_EXPIRED');
  });

  it('links a provider to the signed-in user from settings (mode=link)', async () => {
    const { cookie } = await api.signIn('settings@example.com');
    idp.accounts.set('g-link', {
      sub: 'g-link',
      email: 'other-address@example.com',
      email_verified: true,
    });
    idp.signInAs('g-link');
    const cookies = new Map([[new URL(api.url).host, cookie]]);
    const { url } = await browse(api, '/auth/google?mode=link&returnTo=/u/settings', cookies);
    expect(`${url.pathname}${url.search}`).toBe('/u/settings?linked=google');
    const methods = (await (
      await api.request('GET', '/api/auth/methods', { as: cookie })
    ).json()) as {
      google: { connected: boolean };
    };
    expect(methods.google.connected).toBe(true);
  });

  it('takes a linking cancelled or failed at the provider back to settings, not to the sign-in page', async () => {
    await api.db.query("delete from rate_limits where key like 'oauth-start:%'");
    const { cookie } = await api.signIn('link-cancel@example.com');
    const cookies = new Map([[new URL(api.url).host, cookie]]);
    idp.signInAs(null);
    const cancelled = await browse(api, '/auth/google?mode=link&returnTo=/u/settings', cookies);
    expect(`${cancelled.url.pathname}${cancelled.url.search}`).toBe(
      '/u/settings?error=access_denied',
    );

    /** A linking started in this browser, its callback answered with `query` besides the state. */
    const callback = async (query: string, finishedAs = cookie) => {
      const start = await api.request('GET', '/auth/facebook?mode=link&returnTo=/u/settings', {
        as: cookie,
      });
      const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
      const browser = sessionCookieOf(start);
      return api.request('GET', `/auth/facebook/callback?${query}&state=${state}`, {
        as: `${finishedAs}; ${browser}`,
      });
    };
    const refused = await callback('error=server_error');
    expect(refused.headers.get('location')).toBe('/u/settings?error=provider_error');
    const badCode = await callback('code=not-a-code');
    expect(badCode.headers.get('location')).toBe('/u/settings?error=provider_error');
    // Someone else signed in since, in this browser: their settings hear nothing of it.
    const other = await api.signIn('link-cancel-other@example.com');
    const switched = await callback('error=access_denied', other.cookie);
    expect(switched.headers.get('location')).toBe('/sign-in?error=invalid_state');
    // The session ended meanwhile: sign in again, and come back to settings to link.
    const ended = await callback('code=not-a-code', '');
    expect(ended.headers.get('location')).toBe('/sign-in?returnTo=%2Fu%2Fsettings');
    const methods = (await (
      await api.request('GET', '/api/auth/methods', { as: cookie })
    ).json()) as { google: { connected: boolean }; facebook: { connected: boolean } };
    expect(methods.google.connected).toBe(false);
    expect(methods.facebook.connected).toBe(false);
  });

  it('creates a user with a placeholder e-mail when the provider gives none', async () => {
    idp.accounts.set('fb-2', { sub: 'fb-2', given_name: 'Nomail' });
    idp.signInAs('fb-2');
    const { cookies } = await browse(api, '/auth/facebook');
    const user = (await (
      await api.request('GET', '/api/auth/user', { as: siteCookie(cookies) })
    ).json()) as {
      hasTemporaryEmail: boolean;
      email: string;
    };
    expect(user.hasTemporaryEmail).toBe(true);
    expect(user.email).toMatch(/@users\.trekperu\.invalid$/);
  });

  it('signs a provider account without e-mail in again as a new account once unlinked from its user', async () => {
    await api.db.query("delete from rate_limits where key like 'oauth-start:%'");
    idp.accounts.set('fb-unlinked', { sub: 'fb-unlinked', given_name: 'Nomail' });
    idp.signInAs('fb-unlinked');
    const first = await browse(api, '/auth/facebook');
    const cookie = siteCookie(first.cookies);
    type Me = { id: string; email: string; hasTemporaryEmail: boolean };
    const me = async (as: string) =>
      (await (await api.request('GET', '/api/auth/user', { as })).json()) as Me;
    const before = await me(cookie);
    // The owner links Google (a placeholder counts as proven), drops Facebook and signs out.
    idp.accounts.set('g-unlinked', {
      sub: 'g-unlinked',
      email: 'unlinked-owner@example.com',
      email_verified: true,
    });
    idp.signInAs('g-unlinked');
    const linked = await browse(
      api,
      '/auth/google?mode=link&returnTo=/u/settings',
      new Map([[new URL(api.url).host, cookie]]),
    );
    expect(`${linked.url.pathname}${linked.url.search}`).toBe('/u/settings?linked=google');
    const unlinked = await api.request('POST', '/api/auth/unlink', {
      as: cookie,
      body: { provider: 'facebook' },
    });
    expect(unlinked.status).toBe(200);
    await api.request('POST', '/api/auth/logout', { as: cookie });

    // Facebook is now an unknown login: a new account, whose placeholder is not the old one's.
    idp.signInAs('fb-unlinked');
    const again = await browse(api, '/auth/facebook');
    expect(`${again.url.pathname}${again.url.search}`).toBe('/u/projects?auth=success');
    const after = await me(siteCookie(again.cookies));
    expect(after.id).not.toBe(before.id);
    expect(after.hasTemporaryEmail).toBe(true);
    expect(after.email).toMatch(/^facebook-fb-unlinked-[0-9a-f]+@users\.trekperu\.invalid$/);
    // And it stays that account.
    const third = await browse(api, '/auth/facebook');
    expect((await me(siteCookie(third.cookies))).id).toBe(after.id);
  });

  it('lands on the sign-in page with the provider-error mark when a sign-in fails unexpectedly, and logs it', async () => {
    const logged = await startTestApi(
      {
        FACEBOOK_CLIENT_ID: 'trek-facebook',
        FACEBOOK_CLIENT_SECRET: 'trek-facebook-secret',
        FACEBOOK_ISSUER: idp.issuer,
      },
      { logs: true },
    );
    try {
      idp.accounts.set('fb-broken', { sub: 'fb-broken', given_name: 'Broken' });
      idp.signInAs('fb-broken');
      // The callback cannot reach the users table.
      await logged.db.query('alter table users rename to users_away');
      const callback = await browse(logged, '/auth/facebook');
      expect(`${callback.url.pathname}${callback.url.search}`).toBe(
        '/sign-in?error=provider_error',
      );
      // Nor can the start store its flow.
      await logged.db.query('alter table oauth_flows rename to oauth_flows_away');
      const start = await logged.request('GET', '/auth/facebook');
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe('/sign-in?error=provider_error');
      const failures = logged.logLines.filter((line) => line.includes('OAuth sign-in failed'));
      expect(failures).toHaveLength(2);
      expect(failures.join('')).toContain('users');
    } finally {
      await logged.close();
    }
  });

  it('shows a provider without credentials as unavailable', async () => {
    const bare = await startTestApi();
    try {
      expect(await (await bare.request('GET', '/api/auth/providers')).json()).toEqual({
        google: { available: false, development: false },
        facebook: { available: false, development: false },
      });
      const res = await bare.request('GET', '/auth/google');
      expect(res.headers.get('location')).toBe('/sign-in?error=unavailable');
    } finally {
      await bare.close();
    }
  });

  it('caps the sign-ins one address may start, and the form carried through them', async () => {
    const capped = await startTestApi({
      GOOGLE_CLIENT_ID: 'trek-google',
      GOOGLE_CLIENT_SECRET: 'trek-google-secret',
      GOOGLE_ISSUER: idp.issuer,
      OAUTH_STARTS_PER_IP: '2',
    });
    try {
      const flows = async () =>
        (await capped.db.query<{ n: number }>('select count(*)::int as n from oauth_flows')).rows[0]
          ?.n;
      const tooBig = await capped.request('GET', `/auth/google?formData=${'A'.repeat(4097)}`);
      expect(tooBig.headers.get('location')).toBe('/sign-in?error=provider_error');
      expect(await flows()).toBe(0);

      const starts: Array<string | null> = [];
      // Three addresses of one IPv6 /64 are one client.
      for (let i = 0; i < 3; i += 1) {
        const res = await capped.request('GET', `/auth/google?formData=${'A'.repeat(4096)}`, {
          headers: { 'x-forwarded-for': `2001:db8:4:4::${i + 1}` },
        });
        starts.push(res.headers.get('location'));
      }
      expect(starts[1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth/);
      expect(starts[2]).toBe('/sign-in?error=rate_limited');
      expect(await flows()).toBe(2);
    } finally {
      await capped.close();
    }
  });
});

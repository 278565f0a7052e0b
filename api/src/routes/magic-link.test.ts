import { PATHS, SAVED_ANSWERS_COOKIE } from '@trek/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectLocation, safeRedirectPath } from '../auth/magic-links.js';
import { findOrCreateUserByEmail } from '../auth/users.js';
import { OFF_SITE_REDIRECTS } from '../testing/redirect-payloads.js';
import { startTestApi, TEST_ORIGIN, type TestApi } from '../testing/test-api.js';

function requestLink(
  api: TestApi,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return api.request('POST', '/api/auth/request-magic-link', { body, headers });
}

async function linkOf(api: TestApi, body: Record<string, unknown>): Promise<string> {
  const res = await requestLink(api, body);
  return ((await res.json()) as { magicLink: string }).magicLink;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** The link as the test API serves it (links name the site's origin). */
function local(link: string): string {
  return link.replace(TEST_ORIGIN, '');
}

function continueWith(api: TestApi, token: string, headers: Record<string, string> = {}) {
  return api.request('POST', '/api/auth/magic-link', { form: { token }, headers });
}

const ana = {
  email: 'Ana.Quispe@example.com',
  firstName: 'Ana',
  lastName: 'Quispe',
  redirectTo: '/create-project?auth=success',
};

describe('magic links', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ MAGIC_LINK_RATE_PER_EMAIL: '3', MAGIC_LINK_RATE_PER_IP: '100' });
  });
  afterAll(() => api.close());

  it('validates the request with readable 400s', async () => {
    const res = await requestLink(api, { ...ana, email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION',
      message: 'email: Please enter a valid email address.',
    });
    const blank = await requestLink(api, { ...ana, firstName: ' \u200b' });
    expect(await blank.json()).toEqual({
      code: 'VALIDATION',
      message: 'firstName: Please enter your first name.',
    });
  });

  it('refuses names and e-mails that would display as something else or are not text', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        { ...ana, firstName: 'Ana\u202egnp.exe' },
        /^firstName: Please remove the text-direction characters/,
      ],
      [
        { ...ana, lastName: 'Qui\u2066spe' },
        /^lastName: Please remove the text-direction characters/,
      ],
      [{ ...ana, lastName: 'Quispe\u0085' }, /^lastName: Please remove control characters/],
      [{ ...ana, firstName: 'A\ud800na' }, /^firstName: Please use valid characters only\./],
      [{ ...ana, email: 'ana\ud800@example.com' }, /^email: Please enter a valid email/],
      [{ ...ana, email: 'ana\u202e@example.com' }, /^email: Please enter a valid email/],
      [{ ...ana, email: 'ana\u200b@example.com' }, /^email: Please enter a valid email/],
      [{ ...ana, email: 'ana\u00ad@example.com' }, /^email: Please enter a valid email/],
      [{ ...ana, email: `${'a'.repeat(250)}@example.com` }, /^email: Please enter a valid email/],
      // The same inbox as without the dot: another address for the per-address mail cap.
      [{ ...ana, email: 'victim@gmail.com.' }, /^email: Please enter a valid email/],
      [{ ...ana, email: 'victim@gmail..com' }, /^email: Please enter a valid email/],
      [{ ...ana, firstName: '\u3164' }, /^firstName: Please enter your first name\./],
    ];
    for (const [body, message] of cases) {
      const res = await requestLink(api, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const { rows } = await api.db.query('select 1 from magic_links');
    expect(rows).toHaveLength(0);
  });

  it('normalises e-mails: case and composed letters name one account, a lone surrogate none', async () => {
    // "é" typed as one letter or as e + combining accent is the same address.
    const composed = await linkOf(api, { ...ana, email: 'Jos\u00e9@example.com' });
    const decomposed = await linkOf(api, { ...ana, email: 'JOSE\u0301@EXAMPLE.COM' });
    const first = await continueWith(api, tokenOf(composed));
    const second = await continueWith(api, tokenOf(decomposed));
    const idOf = async (res: Response) =>
      (await (
        await api.request('GET', '/api/auth/user', {
          as: res.headers.get('set-cookie')?.split(';')[0] ?? '',
        })
      ).json()) as { id: string; email: string };
    const a = await idOf(first);
    const b = await idOf(second);
    expect(a.id).toBe(b.id);
    expect(a.email).toBe('jos\u00e9@example.com');
  });

  it('e-mails a link, answers the same for new and known addresses, and returns it in development', async () => {
    const first = (await (await requestLink(api, ana)).json()) as Record<string, string>;
    await api.signIn('known@example.com');
    const known = (await (
      await requestLink(api, { ...ana, email: 'known@example.com' })
    ).json()) as Record<string, string>;
    expect(Object.keys(first).sort()).toEqual(Object.keys(known).sort());
    expect(first.message).toBe(known.message);
    expect(first.magicLink).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/magic-link\?token=[\w-]{40,}$/,
    );
    const mail = api.sentMail.find((m) => m.to === 'ana.quispe@example.com');
    expect(mail?.text).toContain(first.magicLink);
    expect(mail?.text).toContain('15 minutes');
    // Only the hash is stored.
    const { rows } = await api.db.query<{ token_hash: string }>(
      'select token_hash from magic_links',
    );
    expect(rows.some((r) => first.magicLink?.includes(r.token_hash))).toBe(false);
  });

  it('refuses a name the call does not know with 400, and mails nothing', async () => {
    const mails = api.sentMail.length;
    const res = await requestLink(api, { ...ana, email: 'extra@example.com', whatsapp: '5190' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION',
      message: 'Unrecognized key: "whatsapp"',
    });
    expect(api.sentMail).toHaveLength(mails);
  });

  it("greets a proven account by its own name, and anyone else without a name, never the asker's", async () => {
    await api.signIn('named@example.com', { firstName: 'Rosa' });
    await api.signIn('nameless@example.com');
    // Created through a provider that did not vouch for the address: its name is a stranger's.
    const unproven = await findOrCreateUserByEmail(api.db, {
      email: 'unproven@example.com',
      firstName: 'Rosa, your account is locked',
      lastName: null,
    });
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'facebook', 'fb-unproven', 'unproven@example.com', false)`,
      [unproven],
    );
    const lure = 'Rosa, your account is locked: call +51 900 000 000';
    const greetingTo = async (email: string, firstName: string) => {
      expect((await requestLink(api, { ...ana, email, firstName })).status).toBe(200);
      const mail = api.sentMail.filter((m) => m.to === email).at(-1);
      return { text: mail?.text.split('\n')[0], html: mail?.html.split('\n')[0] };
    };
    expect(await greetingTo('named@example.com', lure)).toEqual({
      text: 'Hello Rosa,',
      html: '<p>Hello Rosa,</p>',
    });
    expect((await greetingTo('nameless@example.com', lure)).text).toBe('Hello,');
    expect(await greetingTo('unproven@example.com', 'Ana')).toEqual({
      text: 'Hello,',
      html: '<p>Hello,</p>',
    });
    // A new address has no account: the typed name is not the e-mail's, but it names the account.
    expect(await greetingTo('newcomer@example.com', lure)).toEqual({
      text: 'Hello,',
      html: '<p>Hello,</p>',
    });
    const newcomer = await linkOf(api, { ...ana, email: 'newcomer@example.com' });
    expect((await continueWith(api, tokenOf(newcomer))).status).toBe(303);
    const { rows } = await api.db.query<{ first_name: string }>(
      "select first_name from users where email = 'newcomer@example.com'",
    );
    expect(rows[0]?.first_name).toBe('Ana');
  });

  it('opens a Continue page that does not use the token up', async () => {
    const magicLink = await linkOf(api, { ...ana, email: 'page@example.com' });
    for (let i = 0; i < 2; i += 1) {
      const page = await api.request('GET', local(magicLink));
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await page.text();
      expect(html).toContain('<button type="submit" autofocus>Continue</button>');
      expect(html).toContain('page@example.com');
    }
    expect((await continueWith(api, tokenOf(magicLink))).status).toBe(303);
    // A link that does not fit (too short a token) shows the expired page, not a JSON error.
    const broken = await api.request('GET', '/api/auth/magic-link?token=short');
    expect(broken.status).toBe(410);
    const expired = await broken.text();
    expect(expired).toContain('expired or was already used');
    // Nothing waits in this browser: a new link is asked for on the sign-in page.
    expect(expired).not.toContain('trek request');
    expect(expired).toContain(`href="${PATHS.signIn}"`);
  });

  it('sends a browser that has a trek request saved back to the wizard for a new link', async () => {
    const page = await api.request('GET', '/api/auth/magic-link?token=short', {
      headers: { cookie: `${SAVED_ANSWERS_COOKIE}=1` },
    });
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('your trek request is still saved in this browser');
    expect(html).toContain(`href="${PATHS.createProject}"`);
  });

  it('signs in with a fresh httpOnly Lax cookie, keeps the names and goes to the same-origin path', async () => {
    const magicLink = await linkOf(api, { ...ana, email: 'new@example.com' });
    const res = await continueWith(api, tokenOf(magicLink));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/create-project?auth=success');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/trek_session=[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = (await (
      await api.request('GET', '/api/auth/user', { as: cookie.split(';')[0] ?? '' })
    ).json()) as { firstName: string; lastName: string; email: string };
    expect(user).toMatchObject({ firstName: 'Ana', lastName: 'Quispe', email: 'new@example.com' });

    const again = await continueWith(api, tokenOf(magicLink));
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('expired or was already used');
  });

  it('replaces the session the browser had before', async () => {
    const old = await api.signIn('rotate@example.com');
    const magicLink = await linkOf(api, { ...ana, email: 'rotate@example.com' });
    await continueWith(api, tokenOf(magicLink), { cookie: old.cookie });
    expect((await api.request('GET', '/api/auth/user', { as: old })).status).toBe(401);
  });

  it('falls back to /create-project for an off-site redirect', async () => {
    for (const [i, redirectTo] of OFF_SITE_REDIRECTS.entries()) {
      const magicLink = await linkOf(api, {
        ...ana,
        email: `redirect${i}@example.com`,
        redirectTo,
      });
      const res = await continueWith(api, tokenOf(magicLink));
      expect(res.headers.get('location')).toBe('/create-project');
    }
  });

  it('expires after 15 minutes', async () => {
    const magicLink = await linkOf(api, { ...ana, email: 'late@example.com' });
    const start = api.clock.now;
    api.clock.now = new Date(start.getTime() + 15 * 60 * 1000 + 1);
    try {
      expect((await api.request('GET', local(magicLink))).status).toBe(410);
      expect((await continueWith(api, tokenOf(magicLink))).status).toBe(410);
    } finally {
      api.clock.now = start;
    }
  });

  it('refuses the Continue POST from another site', async () => {
    const magicLink = await linkOf(api, { ...ana, email: 'csrf@example.com' });
    const res = await continueWith(api, tokenOf(magicLink), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await continueWith(api, tokenOf(magicLink))).status).toBe(303);
  });

  it('answers 502 and sends nothing when the mail server fails', async () => {
    const failing = await startTestApi(
      {},
      { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } },
    );
    try {
      const res = await requestLink(failing, ana);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        code: 'MAIL_NOT_SENT',
        message: 'Could not send the e-mail. Please try again.',
      });
    } finally {
      await failing.close();
    }
  });
});

describe('magic-link limits', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const ask = (api: TestApi, email: string, address: string) =>
    requestLink(api, { ...ana, email }, from(address));

  it('limits one e-mail per asking address: the flooder waits, the owner elsewhere does not', async () => {
    const api = await startTestApi({ MAGIC_LINK_RATE_PER_EMAIL: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await ask(api, 'busy@example.com', '203.0.113.9')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await ask(api, 'busy@example.com', '203.0.113.9');
      expect(refused.status).toBe(429);
      // The window is 15 minutes: the answer says so, truthfully.
      expect(Number(refused.headers.get('retry-after'))).toBe(15 * 60);
      expect(await refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please try again in 15 minutes.',
      });
      // The owner, from their own address, still gets a link.
      expect((await ask(api, 'busy@example.com', '198.51.100.4')).status).toBe(200);
      // In the last minute of the window, the usual message is the truth.
      api.clock.now = new Date(api.clock.now.getTime() + 14.5 * 60 * 1000);
      expect(await (await ask(api, 'busy@example.com', '203.0.113.9')).json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please try again in a minute.',
      });
    } finally {
      await api.close();
    }
  });

  it('caps the mails sent to one address, whoever asks, without telling anyone to wait (mail bombing)', async () => {
    const api = await startTestApi({
      MAGIC_LINK_RATE_PER_EMAIL: '2',
      MAGIC_LINK_MAILS_PER_EMAIL: '3',
    });
    try {
      // The owner signed in by magic link from their own address before the flood.
      const first = await ask(api, 'target@example.com', '198.51.100.4');
      const { magicLink } = (await first.json()) as { magicLink: string };
      expect((await continueWith(api, tokenOf(magicLink), from('198.51.100.4'))).status).toBe(303);
      const mailsTo = () => api.sentMail.filter((m) => m.to === 'target@example.com').length;
      expect(mailsTo()).toBe(1);
      const answers: Array<{ status: number; body: Record<string, unknown> }> = [];
      for (const address of ['192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.2', '192.0.2.3']) {
        const res = await ask(api, 'target@example.com', address);
        answers.push({ status: res.status, body: (await res.json()) as Record<string, unknown> });
      }
      // Beyond the cap nothing is mailed, and the answer is the usual one: a stranger flooding
      // the address cannot have its owner told to wait for an hour.
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      for (const { body } of answers) {
        expect(body).toMatchObject({
          success: true,
          message: 'Check your email for a sign-in link.',
        });
      }
      expect(mailsTo()).toBe(3);
      // Someone asking from an address that never signed in to it gets the same answer, no mail.
      const stranger = await ask(api, 'target@example.com', '198.51.100.77');
      expect(stranger.status).toBe(200);
      expect(mailsTo()).toBe(3);
      // The owner, from the address they signed in from, keeps their own allowance.
      const owner = await ask(api, 'target@example.com', '198.51.100.4');
      expect(owner.status).toBe(200);
      expect(mailsTo()).toBe(4);
      // Other addresses are not affected.
      expect((await ask(api, 'other@example.com', '192.0.2.2')).status).toBe(200);
      expect(api.sentMail.filter((m) => m.to === 'other@example.com')).toHaveLength(1);
      // Once the hour is over, the owner's request is mailed again.
      api.clock.now = new Date(api.clock.now.getTime() + 60 * 60 * 1000 + 1);
      expect((await ask(api, 'target@example.com', '198.51.100.77')).status).toBe(200);
      expect(mailsTo()).toBe(5);
    } finally {
      await api.close();
    }
  });

  it('does not count a linking request refused for its token towards the mails to that address', async () => {
    const api = await startTestApi({
      MAGIC_LINK_RATE_PER_EMAIL: '2',
      MAGIC_LINK_MAILS_PER_EMAIL: '2',
    });
    try {
      const statuses: number[] = [];
      for (const address of ['192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.2', '192.0.2.3']) {
        const res = await api.request('POST', '/api/auth/send-magic-link', {
          body: {
            email: 'victim@example.com',
            purpose: 'account_linking',
            linkingToken: 'x'.repeat(43),
            provider: 'google',
          },
          headers: from(address),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      // Still limited per asking address: junk calls from one address are refused with 429.
      const flood = await api.request('POST', '/api/auth/send-magic-link', {
        body: {
          email: 'victim@example.com',
          purpose: 'account_linking',
          linkingToken: 'x'.repeat(43),
          provider: 'google',
        },
        headers: from('192.0.2.1'),
      });
      expect(flood.status).toBe(429);
      // Nothing was mailed, so the owner, from an address that never signed in, is still mailed.
      expect((await ask(api, 'victim@example.com', '198.51.100.9')).status).toBe(200);
      expect(api.sentMail.filter((m) => m.to === 'victim@example.com')).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('limits per client address, which a client cannot fake with X-Forwarded-For', async () => {
    const api = await startTestApi({ MAGIC_LINK_RATE_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      // Only the address added by the one trusted proxy (the last) counts.
      for (let i = 0; i < 3; i += 1) {
        const res = await requestLink(
          api,
          { ...ana, email: `ip${i}@example.com` },
          { 'x-forwarded-for': `10.0.${i}.1, 192.0.2.7` },
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await api.close();
    }
  });
  it('counts an IPv6 client by its /64, so rotating addresses in it gets no more links', async () => {
    const api = await startTestApi({ MAGIC_LINK_RATE_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3']) {
        const res = await requestLink(
          api,
          { ...ana, email: `v6-${statuses.length}@example.com` },
          { 'x-forwarded-for': address },
        );
        statuses.push(res.status);
      }
      // Another /64 is another client; an IPv4-mapped address is its IPv4 address.
      const elsewhere = await requestLink(
        api,
        { ...ana, email: 'v6-other@example.com' },
        { 'x-forwarded-for': '2001:db8:5:7::1' },
      );
      const v4 = await requestLink(
        api,
        { ...ana, email: 'v4-1@example.com' },
        {
          'x-forwarded-for': '192.0.2.9',
        },
      );
      const mapped = await requestLink(
        api,
        { ...ana, email: 'v4-2@example.com' },
        {
          'x-forwarded-for': '::ffff:192.0.2.9',
        },
      );
      const v4Again = await requestLink(
        api,
        { ...ana, email: 'v4-3@example.com' },
        {
          'x-forwarded-for': '192.0.2.9',
        },
      );
      expect(statuses).toEqual([200, 200, 429]);
      expect([elsewhere.status, v4.status, mapped.status, v4Again.status]).toEqual([
        200, 200, 200, 429,
      ]);
    } finally {
      await api.close();
    }
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-origin paths only', () => {
    expect(safeRedirectPath('/u/projects?x=1')).toBe('/u/projects?x=1');
    expect(safeRedirectPath('https://evil.example')).toBe('/create-project');
    expect(safeRedirectPath('//evil.example')).toBe('/create-project');
    expect(safeRedirectPath('/\\evil.example')).toBe('/create-project');
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/create-project');
    expect(safeRedirectPath(undefined)).toBe('/create-project');
  });

  it('judges the path a browser would follow, after dot segments and backslashes', () => {
    for (const payload of OFF_SITE_REDIRECTS) {
      expect(safeRedirectPath(payload), payload).toBe('/create-project');
      expect(redirectLocation(payload, { auth: 'success' }, '/u/projects'), payload).toBe(
        '/u/projects?auth=success',
      );
    }
    expect(safeRedirectPath('/u/./projects/../settings')).toBe('/u/settings');
    expect(redirectLocation('/create-project?x=1', { auth: 'success' }, '/u/projects')).toBe(
      '/create-project?x=1&auth=success',
    );
  });

  it('keeps printable ASCII only, which a Location header can carry', () => {
    expect(safeRedirectPath('/u/projects/1?tab=offers#top')).toBe('/u/projects/1?tab=offers#top');
    expect(safeRedirectPath('/caf%C3%A9')).toBe('/caf%C3%A9');
    expect(safeRedirectPath('/\t/evil.example')).toBe('/create-project');
    expect(safeRedirectPath('/ł')).toBe('/create-project');
    expect(safeRedirectPath('/\u007f')).toBe('/create-project');
    expect(safeRedirectPath('/a b')).toBe('/create-project');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../auth/magic-links.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';

const ORIGIN = 'http://localhost:3000';

async function requestLink(
  api: TestApi,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return fetch(`${api.url}/api/auth/request-magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

async function continueWith(api: TestApi, token: string, headers: Record<string, string> = {}) {
  return fetch(`${api.url}/api/auth/magic-link`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    body: new URLSearchParams({ token }).toString(),
  });
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
    expect(((await res.json()) as { message: string }).message).toMatch(/^email/);
    expect((await requestLink(api, { ...ana, firstName: ' ' })).status).toBe(400);
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

  it('opens a Continue page that does not use the token up', async () => {
    const { magicLink } = (await (
      await requestLink(api, { ...ana, email: 'page@example.com' })
    ).json()) as { magicLink: string };
    const local = magicLink.replace('http://localhost:3000', api.url);
    for (let i = 0; i < 2; i += 1) {
      const page = await fetch(local);
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await page.text();
      expect(html).toContain('<button type="submit" autofocus>Continue</button>');
      expect(html).toContain('page@example.com');
    }
    const signedIn = await continueWith(api, tokenOf(magicLink));
    expect(signedIn.status).toBe(303);
  });

  it('signs in with a fresh httpOnly Lax cookie, keeps the names and goes to the same-origin path', async () => {
    const { magicLink } = (await (
      await requestLink(api, { ...ana, email: 'new@example.com' })
    ).json()) as { magicLink: string };
    const res = await continueWith(api, tokenOf(magicLink));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/create-project?auth=success');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/trek_session=[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = (await (
      await fetch(`${api.url}/api/auth/user`, { headers: { cookie: cookie.split(';')[0] ?? '' } })
    ).json()) as { firstName: string; lastName: string; email: string };
    expect(user).toMatchObject({ firstName: 'Ana', lastName: 'Quispe', email: 'new@example.com' });

    const again = await continueWith(api, tokenOf(magicLink));
    expect(again.status).toBe(410);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('expired or was already used');
  });

  it('replaces the session the browser had before', async () => {
    const old = await api.signIn('rotate@example.com');
    const { magicLink } = (await (
      await requestLink(api, { ...ana, email: 'rotate@example.com' })
    ).json()) as { magicLink: string };
    await continueWith(api, tokenOf(magicLink), { cookie: old.cookie });
    const res = await fetch(`${api.url}/api/auth/user`, { headers: { cookie: old.cookie } });
    expect(res.status).toBe(401);
  });

  it('falls back to /create-project for an off-site redirect', async () => {
    for (const redirectTo of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
      const { magicLink } = (await (
        await requestLink(api, {
          ...ana,
          email: `redirect${redirectTo.length}@example.com`,
          redirectTo,
        })
      ).json()) as { magicLink: string };
      const res = await continueWith(api, tokenOf(magicLink));
      expect(res.headers.get('location')).toBe('/create-project');
    }
  });

  it('expires after 15 minutes', async () => {
    const { magicLink } = (await (
      await requestLink(api, { ...ana, email: 'late@example.com' })
    ).json()) as { magicLink: string };
    const start = api.clock.now;
    api.clock.now = new Date(start.getTime() + 15 * 60 * 1000 + 1);
    try {
      expect((await fetch(magicLink.replace('http://localhost:3000', api.url))).status).toBe(410);
      expect((await continueWith(api, tokenOf(magicLink))).status).toBe(410);
    } finally {
      api.clock.now = start;
    }
  });

  it('refuses the Continue POST from another site', async () => {
    const { magicLink } = (await (
      await requestLink(api, { ...ana, email: 'csrf@example.com' })
    ).json()) as { magicLink: string };
    const res = await continueWith(api, tokenOf(magicLink), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await continueWith(api, tokenOf(magicLink))).status).toBe(303);
  });

  it('rate limits per e-mail with a Too many requests message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await requestLink(api, { ...ana, email: 'busy@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await requestLink(api, { ...ana, email: 'busy@example.com' });
    expect(((await res.json()) as { message: string }).message).toContain('Too many requests');
  });

  it('rate limits per client address', async () => {
    const fresh = await startTestApi({ MAGIC_LINK_RATE_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      // A client cannot pass for others by writing X-Forwarded-For itself: only the address
      // added by the one trusted proxy (the last) counts.
      for (let i = 0; i < 3; i += 1) {
        const res = await requestLink(
          fresh,
          { ...ana, email: `ip${i}@example.com` },
          { 'x-forwarded-for': `10.0.${i}.1, 192.0.2.7` },
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('answers 502 and sends nothing when the mail server fails', async () => {
    const failing = await startTestApi(
      {},
      { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } },
    );
    try {
      const res = await requestLink(failing, ana);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: 'Could not send the e-mail. Please try again.' });
    } finally {
      await failing.close();
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

  it('keeps printable ASCII only, which a Location header can carry', () => {
    expect(safeRedirectPath('/u/projects/1?tab=offers#top')).toBe('/u/projects/1?tab=offers#top');
    expect(safeRedirectPath('/caf%C3%A9')).toBe('/caf%C3%A9');
    expect(safeRedirectPath('/\t/evil.example')).toBe('/create-project');
    expect(safeRedirectPath('/ł')).toBe('/create-project');
    expect(safeRedirectPath('/\u007f')).toBe('/create-project');
    expect(safeRedirectPath('/a b')).toBe('/create-project');
  });
});

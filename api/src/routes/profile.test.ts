import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../mail/mailer.js';
import { startTestApi, TEST_ORIGIN, type TestApi, type TestUser } from '../testing/test-api.js';

interface Received {
  to: string;
  raw: string;
}

/** A real SMTP server on loopback: the API sends these e-mails exactly as in production. */
async function startMailbox() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          // Undo quoted-printable soft breaks and escapes, enough to read a link.
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
              String.fromCharCode(Number.parseInt(hex, 16)),
            ),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the profile: display name and a verified e-mail change', () => {
  let api: TestApi;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    api = await startTestApi(
      {},
      { mailer: smtpMailer(mailbox.url, 'TrekPeru <no-reply@trekperu.example>') },
    );
  });
  afterAll(async () => {
    await api.close();
    await mailbox.close();
  });

  const profile = (user: TestUser | string, body: unknown) =>
    api.request('PUT', '/api/user/profile', { as: user, body });
  const me = async (user: TestUser) =>
    (await (await api.request('GET', '/api/auth/user', { as: user })).json()) as {
      email: string;
      displayName: string;
      hasTemporaryEmail: boolean;
    };
  /** The confirmation link of the last mail to `to`, as a path on the test API. */
  const linkTo = (to: string) => {
    const mail = mailbox.received.filter((m) => m.to === to).pop();
    const link = mail?.raw.match(
      /https?:\/\/\S+\/api\/user\/email-change\/confirm\?token=[\w-]+/,
    )?.[0];
    if (!link) throw new Error(`no e-mail change link reached ${to}`);
    return link.replace(TEST_ORIGIN, '');
  };
  const confirm = (path: string, as?: TestUser) =>
    api.request('POST', '/api/user/email-change/confirm', {
      form: { token: new URL(path, TEST_ORIGIN).searchParams.get('token') ?? '' },
      ...(as ? { as } : {}),
    });

  it('needs a session', async () => {
    expect((await profile('', { displayName: 'Ana' })).status).toBe(401);
    expect((await api.request('GET', '/api/user/email-change')).status).toBe(401);
  });

  it('saves a trimmed display name at once and refuses a blank, long or unprintable one', async () => {
    const ana = await api.signIn('name@example.com');
    const res = await profile(ana, { displayName: '  Ana of the Andes \u200b' });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { user: { displayName: string }; emailChange: null };
    expect(saved.user.displayName).toBe('Ana of the Andes');
    expect(saved.emailChange).toBeNull();
    for (const displayName of [
      ' ',
      'a'.repeat(101),
      'Ana\u0007',
      'Ana\u202eQuispe',
      '\u00ad',
      42,
    ]) {
      const bad = await profile(ana, { displayName });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION');
    }
    for (const body of [{}, { nickname: 'x' }]) {
      expect((await profile(ana, body)).status).toBe(400);
    }
    expect((await me(ana)).displayName).toBe('Ana of the Andes');
  });

  it('refuses a body that is not valid UTF-8 instead of storing replacement characters', async () => {
    const ana = await api.signIn('bytes@example.com');
    expect((await profile(ana, { displayName: 'Ana' })).status).toBe(200);
    const raw = (bytes: number[]) =>
      fetch(`${api.url}/api/user/profile`, {
        method: 'PUT',
        headers: { origin: TEST_ORIGIN, cookie: ana.cookie, 'content-type': 'application/json' },
        body: Buffer.concat([
          Buffer.from('{"displayName":"'),
          Buffer.from(bytes),
          Buffer.from('"}'),
        ]),
      });
    // \xff\xfe, a lone continuation byte, an over-long '/', an encoded surrogate.
    for (const bytes of [
      [0xff, 0xfe],
      [0x41, 0x80],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
    ]) {
      const res = await raw(bytes);
      expect(res.status, bytes.join(' ')).toBe(400);
      expect(await res.json()).toEqual({
        code: 'VALIDATION',
        message: 'The request body is not valid UTF-8',
      });
    }
    expect((await me(ana)).displayName).toBe('Ana');
    // Valid multi-byte text still goes through.
    expect((await raw([...Buffer.from('Ñusta Páucar')])).status).toBe(200);
    expect((await me(ana)).displayName).toBe('Ñusta Páucar');
  });

  it('changes the e-mail only once the link sent to the new address is followed', async () => {
    const ana = await api.signIn('old.address@example.com');
    const res = await profile(ana, { email: ' New.Address@Example.com ' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string }; emailChange: { email: string } };
    expect(body.user.email).toBe('old.address@example.com');
    expect(body.emailChange.email).toBe('new.address@example.com');
    const pending = await api.request('GET', '/api/user/email-change', { as: ana });
    expect(((await pending.json()) as { emailChange: { email: string } }).emailChange.email).toBe(
      'new.address@example.com',
    );

    const path = linkTo('new.address@example.com');
    // Opening the link (a mail scanner does) changes nothing.
    const page = await api.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('Confirm email address');
    expect((await me(ana)).email).toBe('old.address@example.com');

    // Followed in a browser where the account is not signed in: nothing changes, still usable.
    const elsewhere = await confirm(path);
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain('Sign in to confirm');
    expect((await me(ana)).email).toBe('old.address@example.com');

    const done = await confirm(path, ana);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/u/settings?email=changed');
    expect((await me(ana)).email).toBe('new.address@example.com');
    const methods = await api.request('GET', '/api/auth/methods', { as: ana });
    expect(((await methods.json()) as { magicLink: unknown }).magicLink).toEqual({
      connected: true,
      emailVerified: true,
    });
    // The old address hears of it; the link works once.
    const notice = mailbox.received.find((m) => m.to === 'old.address@example.com');
    expect(notice?.raw).toContain('new.address@example.com');
    expect((await confirm(path, ana)).status).toBe(410);
    const none = await api.request('GET', '/api/user/email-change', { as: ana });
    expect(await none.json()).toEqual({ emailChange: null });
  });

  it("replaces a provider's placeholder e-mail and marks it verified, with no notice to the placeholder", async () => {
    const nina = await api.signIn('facebook-123@users.trekperu.invalid');
    await api.db.query(`update users set is_temporary_email = true where id = $1;`, [nina.userId]);
    await api.db.query(`delete from auth_identities where user_id = $1`, [nina.userId]);
    expect((await me(nina)).hasTemporaryEmail).toBe(true);
    await profile(nina, { email: 'nina@example.com' });
    const done = await confirm(linkTo('nina@example.com'), nina);
    expect(done.status).toBe(303);
    const user = await me(nina);
    expect(user).toMatchObject({ email: 'nina@example.com', hasTemporaryEmail: false });
    expect(mailbox.received.some((m) => m.to.endsWith('.invalid'))).toBe(false);
    // With a real address, creating a request no longer answers TEMPORARY_EMAIL.
    const project = await api.request('POST', '/api/projects', {
      as: nina,
      body: {
        title: 'Lares',
        description: '',
        destination: 'Lares',
        startDate: '2026-03-02',
        endDate: '2026-03-05',
        maxBudget: 'TBD',
        groupSize: 1,
        difficulty: 'medium',
        formData: {
          trek: 'Lares',
          duration: '4 days / 3 nights',
          dates: {
            flexible: false,
            flexibilityWindowDays: null,
            start: '2026-03-02',
            end: '2026-03-05',
          },
          travelers: 1,
          languages: ['english'],
          utm: { source: '', medium: '', campaign: '' },
        },
      },
    });
    expect(project.status).toBe(201);
  });

  it('answers an address of another account as any other (no enumeration), mails its owner a notice, changes nothing', async () => {
    await api.signIn('taken@example.com');
    const ana = await api.signIn('wants-taken@example.com');
    const taken = await profile(ana, { email: 'TAKEN@example.com' });
    const free = await profile(ana, { email: 'free-address@example.com' });
    expect([taken.status, free.status]).toEqual([200, 200]);
    const takenBody = (await taken.json()) as { emailChange: { email: string } };
    const freeBody = (await free.json()) as { emailChange: { email: string } };
    expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freeBody).sort());
    expect(takenBody.emailChange.email).toBe('taken@example.com');
    // The owner of the address hears of it; no link that could change anything is sent to it.
    const toTaken = mailbox.received.filter((m) => m.to === 'taken@example.com');
    expect(toTaken).toHaveLength(1);
    expect(toTaken[0]?.raw).toContain('already belongs to a TrekPeru account');
    expect(toTaken[0]?.raw).not.toContain('confirm?token=');
    expect((await me(ana)).email).toBe('wants-taken@example.com');

    const invalid = await profile(ana, { email: 'x@users.trekperu.invalid' });
    expect(await invalid.json()).toEqual({
      code: 'VALIDATION',
      message: 'email: Please enter a real email address.',
    });
    expect(await (await profile(ana, { email: 'nope' })).json()).toEqual({
      code: 'VALIDATION',
      message: 'email: Please enter a valid email address.',
    });
  });

  it('limits e-mail change requests before looking the address up', async () => {
    await api.signIn('probed@example.com');
    const prober = await api.signIn('prober@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await profile(prober, { email: `probe${i}@example.com` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // A known address is refused by the same limit, not answered with what it is.
    const known = await profile(prober, { email: 'probed@example.com' });
    expect(known.status).toBe(429);
    expect(((await known.json()) as { code: string }).code).toBe('RATE_LIMITED');
  });

  it('refuses the change when the address was taken after the link was sent', async () => {
    const ana = await api.signIn('race@example.com');
    await profile(ana, { email: 'contested@example.com' });
    const path = linkTo('contested@example.com');
    await api.signIn('contested@example.com');
    const res = await confirm(path, ana);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('already used by another account');
    expect((await me(ana)).email).toBe('race@example.com');
  });

  it('changes nothing when the mail cannot be sent: not the name, not the pending change (502)', async () => {
    const failing = await startTestApi(
      {},
      { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } },
    );
    try {
      const ana = await failing.signIn('all-or-nothing@example.com');
      await failing.db.query("update users set display_name = 'Ana' where id = $1", [ana.userId]);
      // A change asked for earlier, still waiting for its link.
      await failing.db.query(
        `insert into email_changes (token_hash, user_id, new_email, created_at, expires_at)
         values ('earlier', $1, 'earlier@example.com', $2, $3)`,
        [ana.userId, failing.clock.now, new Date(failing.clock.now.getTime() + 3_600_000)],
      );
      const res = await failing.request('PUT', '/api/user/profile', {
        as: ana,
        body: { displayName: 'Mallory', email: 'elsewhere@example.com' },
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { code: string }).code).toBe('MAIL_NOT_SENT');
      const user = (await (await failing.request('GET', '/api/auth/user', { as: ana })).json()) as {
        displayName: string;
      };
      expect(user.displayName).toBe('Ana');
      const pending = await failing.request('GET', '/api/user/email-change', { as: ana });
      expect(((await pending.json()) as { emailChange: { email: string } }).emailChange.email).toBe(
        'earlier@example.com',
      );
    } finally {
      await failing.close();
    }
  });

  it('never logs an e-mail-change token', async () => {
    const logged = await startTestApi({ LOG_LEVEL: 'info' }, { logs: true });
    try {
      const ana = await logged.signIn('logged-change@example.com');
      await logged.request('PUT', '/api/user/profile', {
        as: ana,
        body: { email: 'logged-new@example.com' },
      });
      const mail = logged.sentMail.find((m) => m.to === 'logged-new@example.com');
      const link = new URL(mail?.text.match(/https?:\/\/\S+confirm\?token=[\w-]+/)?.[0] ?? '');
      const token = link.searchParams.get('token') ?? '';
      await logged.request('GET', `${link.pathname}${link.search}`);
      await logged.request('POST', link.pathname, { as: ana, form: { token } });
      const log = logged.logLines.join('');
      expect(token.length).toBeGreaterThan(20);
      expect(log).toContain('/api/user/email-change/confirm?token=[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
    }
  });

  it('a newer request replaces the pending one; the earlier link stops working; links expire', async () => {
    const ana = await api.signIn('twice@example.com');
    await profile(ana, { email: 'first@example.com' });
    const first = linkTo('first@example.com');
    await profile(ana, { email: 'second@example.com' });
    expect((await confirm(first, ana)).status).toBe(410);
    const second = linkTo('second@example.com');
    api.clock.now = new Date(api.clock.now.getTime() + 25 * 60 * 60 * 1000);
    try {
      expect((await api.request('GET', second)).status).toBe(410);
      expect((await confirm(second, ana)).status).toBe(410);
    } finally {
      api.clock.now = new Date(api.clock.now.getTime() - 25 * 60 * 60 * 1000);
    }
    // Asking for the address the account already has drops the pending change.
    const same = await profile(ana, { email: 'twice@example.com' });
    expect(((await same.json()) as { emailChange: unknown }).emailChange).toBeNull();
  });
});

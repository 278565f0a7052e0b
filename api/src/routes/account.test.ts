import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataExport } from '../account/data-export.js';
import { sweepAccountFiles } from '../account/sweep-account-files.js';
import { createSession, sessionCookieName } from '../auth/sessions.js';
import type { Database, Queryable } from '../db/database.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { pngOf } from '../testing/image-headers.js';
import { startTestApi, TEST_ORIGIN, type TestApi, type TestUser } from '../testing/test-api.js';

const PNG = pngOf(64, 64);

function projectBody() {
  return {
    title: 'Lares',
    description: '4 days / 3 nights trek for 2 travelers',
    destination: 'Lares',
    startDate: '2026-03-02',
    endDate: '2026-03-05',
    maxBudget: 'TBD',
    groupSize: 2,
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
      travelers: 2,
      languages: ['english'],
      utm: { source: '', medium: '', campaign: '' },
    },
  };
}

describe('data export and account deletion', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  /** A traveler with something in every table: the test of export and deletion. */
  async function fullAccount(
    email: string,
  ): Promise<TestUser & { projectId: string; photo: string }> {
    const user = await api.signIn(email, { firstName: 'Ana', lastName: 'Quispe' });
    await api.signIn(email); // a second device
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'google', $2, $3, true)`,
      [user.userId, `google-${user.userId}`, email],
    );
    await api.request('PUT', '/api/user/settings', { as: user, body: { newsletters: true } });
    const created = await api.request('POST', '/api/projects', { as: user, body: projectBody() });
    const projectId = ((await created.json()) as { id: string }).id;
    await api.db.query(
      `insert into project_changes (project_id, user_id, change_set_id, field, label, before_value, after_value, changed_at)
       values ($1, $2, gen_random_uuid(), 'groupSize', 'Travelers', '2', '3', now())`,
      [projectId, user.userId],
    );
    await api.db.query(
      `insert into guide_notifications (project_id, change_set_id, changes, created_at)
       values ($1, gen_random_uuid(), '[]', now())`,
      [projectId],
    );
    const ticket = await api.request('POST', '/api/profile-image/upload', { as: user });
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    await fetch(new URL(uploadURL, api.url), {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie, 'content-type': 'image/png' },
      body: PNG,
    });
    const applied = await api.request('PUT', '/api/profile-image', {
      as: user,
      body: { profileImageURL: uploadURL },
    });
    const photo = ((await applied.json()) as { user: { profileImageUrl: string } }).user
      .profileImageUrl;
    // An upload never applied, a pending e-mail change, a sign-in link, a rate-limit counter.
    const spare = await api.request('POST', '/api/profile-image/upload', { as: user });
    const spareUrl = ((await spare.json()) as { uploadURL: string }).uploadURL;
    await fetch(new URL(spareUrl, api.url), {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie, 'content-type': 'image/png' },
      body: PNG,
    });
    await api.request('PUT', '/api/user/profile', { as: user, body: { email: `new-${email}` } });
    await api.request('POST', '/api/auth/request-magic-link', {
      body: { email, firstName: 'Ana', lastName: 'Quispe' },
    });
    return { ...user, projectId, photo };
  }

  const exportLinkTo = (to: string) => {
    const mail = api.sentMail.filter((m) => m.to === to).pop();
    const link = mail?.text.match(/https?:\/\/\S+\/api\/user\/export-data\/[0-9a-f-]{36}/)?.[0];
    if (!link) throw new Error(`no export e-mail reached ${to}`);
    return link.replace(TEST_ORIGIN, '');
  };

  it('need a session', async () => {
    expect((await api.request('POST', '/api/user/export-data')).status).toBe(401);
    expect((await api.request('DELETE', '/api/user/delete')).status).toBe(401);
  });

  it('answers an export request at once, then e-mails a link to a file of everything held', async () => {
    const ana = await fullAccount('export@example.com');
    const res = await api.request('POST', '/api/user/export-data', { as: ana });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      success: true,
      message: "We'll email you a download link within 24 hours",
    });
    // Asked twice before the job ran: one export.
    expect((await api.request('POST', '/api/user/export-data', { as: ana })).status).toBe(202);
    expect(
      api.sentMail.filter((m) => m.to === 'export@example.com' && /export/i.test(m.subject)),
    ).toHaveLength(0);
    expect(await api.runJobs()).toBe(1);

    const path = exportLinkTo('export@example.com');
    const download = await api.request('GET', path, { as: ana });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="trekperu-data-2026-01-05.json"',
    );
    expect(download.headers.get('cache-control')).toBe('no-store');
    const text = await download.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({
      id: ana.userId,
      email: 'export@example.com',
      firstName: 'Ana',
      profileImageUrl: ana.photo,
    });
    expect(data.signInMethods.map((m: { provider: string }) => m.provider).sort()).toEqual([
      'google',
      'magic_link',
    ]);
    expect(data.settings).toEqual({
      emailNotifications: true,
      newsletters: true,
      promotions: false,
      projectUpdates: true,
    });
    expect(data.sessions).toHaveLength(2);
    expect(data.pendingEmailChange.email).toBe('new-export@example.com');
    expect(data.projects).toHaveLength(1);
    // The trek's days as they were chosen, whatever the server's time zone.
    expect(data.projects[0]).toMatchObject({
      id: ana.projectId,
      destination: 'Lares',
      start_date: '2026-03-02',
      end_date: '2026-03-05',
    });
    expect(data.projects[0].changes).toEqual([
      expect.objectContaining({ field: 'groupSize', before_value: '2', after_value: '3' }),
    ]);
    // No secret of any kind: session ids and tokens are stored hashed and stay out.
    const secrets = await api.db.query<{ id: string }>(
      'select id from sessions where user_id = $1',
      [ana.userId],
    );
    for (const { id } of secrets.rows) expect(text).not.toContain(id);
    expect(text).not.toContain(ana.token);
    expect(text).not.toMatch(/token|signature|code_verifier|hash/i);
  });

  it('reads an export from one snapshot: a change committed while it is read is wholly out', async () => {
    const ana = await fullAccount('snapshot@example.com');
    let change: Promise<unknown> | null = null;
    let inTransaction = false;
    // Another request deletes Ana's project just after the export has read her profile.
    const cutIn = async (sql: string) => {
      if (change || !/from users\b/.test(sql)) return;
      change = api.db.query('delete from projects where user_id = $1', [ana.userId]);
      // Nothing holds it back outside a transaction; the embedded database runs it after one.
      if (!inTransaction) await change;
    };
    const watch = (db: Queryable): Queryable => ({
      ...db,
      query: async <T>(sql: string, params?: unknown[]) => {
        const result = await db.query<T>(sql, params);
        await cutIn(sql);
        return result;
      },
    });
    const watched: Database = {
      ...api.db,
      ...watch(api.db),
      transaction: (fn) =>
        api.db.transaction((tx) => {
          inTransaction = true;
          return fn(watch(tx));
        }),
    };
    const data = await buildDataExport(watched, ana.userId, api.clock.now);
    await change;
    expect(data?.profile.email).toBe('snapshot@example.com');
    expect(data?.projects).toHaveLength(1);
  });

  it('lets only the owner, signed in, download an export, for 24 hours', async () => {
    const ana = await api.signIn('export-owner@example.com');
    const eve = await api.signIn('export-other@example.com');
    await api.request('POST', '/api/user/export-data', { as: ana });
    await api.runJobs();
    const path = exportLinkTo('export-owner@example.com');
    const visitor = await api.request('GET', path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe(`/sign-in?returnTo=${encodeURIComponent(path)}`);
    const other = await api.request('GET', path, { as: eve });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('This download is not available.');
    expect((await api.request('GET', path, { as: ana })).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await api.request('GET', path, { as: ana })).status).toBe(404);
    } finally {
      api.clock.now = new Date(api.clock.now.getTime() - 24 * 60 * 60 * 1000 - 1000);
    }
  });

  it('keeps a job through a restart: a job whose process died is taken again once its lock lapses', async () => {
    const ana = await api.signIn('export-restart@example.com');
    const id = await enqueueJob(api.db, { kind: 'data-export', userId: ana.userId }, api.clock.now);
    // Taken by a process that died: running, locked for a while.
    await api.db.query(
      `update jobs set status = 'running', attempts = 1, locked_until = $2 where id = $1`,
      [id, new Date(api.clock.now.getTime() + 60_000)],
    );
    expect(await api.runJobs()).toBe(0);
    api.clock.now = new Date(api.clock.now.getTime() + 61_000);
    try {
      expect(await api.runJobs()).toBe(1);
    } finally {
      api.clock.now = new Date(api.clock.now.getTime() - 61_000);
    }
    expect(exportLinkTo('export-restart@example.com')).toContain(id);
    const { rows } = await api.db.query<{ status: string }>(
      'select status from jobs where id = $1',
      [id],
    );
    expect(rows[0]?.status).toBe('done');
  });

  it('retries a failing job later and gives up after five tries', async () => {
    const id = await enqueueJob(api.db, { kind: 'no-such-kind' }, api.clock.now);
    const start = api.clock.now;
    try {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect(await api.runJobs()).toBe(1);
        expect(await api.runJobs()).toBe(0);
        api.clock.now = new Date(api.clock.now.getTime() + 30 * 60 * 1000);
      }
    } finally {
      api.clock.now = start;
    }
    const { rows } = await api.db.query<{ status: string; attempts: number; last_error: string }>(
      'select status, attempts, last_error from jobs where id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 5 });
    expect(rows[0]?.last_error).toContain('no handler');
  });

  it('makes at most 3 exports a day per account: then 429 RATE_LIMITED with Retry-After', async () => {
    const eva = await api.signIn('many-exports@example.com');
    const ask = () => api.request('POST', '/api/user/export-data', { as: eva });
    const start = api.clock.now;
    try {
      for (let i = 0; i < 3; i += 1) {
        api.clock.now = new Date(start.getTime() + i * 60_000);
        expect((await ask()).status).toBe(202);
        // Asking again while it is queued adds nothing, and is not counted.
        expect((await ask()).status).toBe(202);
        expect(await api.runJobs()).toBe(1);
      }
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'You can ask for 3 data exports a day. Please try again in 24 hours.',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect(await api.runJobs()).toBe(0);
      // A day after the first, one more may be made.
      api.clock.now = new Date(start.getTime() + 24 * 3600_000 + 1);
      expect((await ask()).status).toBe(202);
      expect(await api.runJobs()).toBe(1);
    } finally {
      api.clock.now = start;
    }
  });

  it('refuses an export for a placeholder e-mail: the link could not be sent', async () => {
    const nina = await api.signIn('facebook-9@users.trekperu.invalid');
    await api.db.query('update users set is_temporary_email = true where id = $1', [nina.userId]);
    const res = await api.request('POST', '/api/user/export-data', { as: nina });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('TEMPORARY_EMAIL');
  });

  it('deletes the account in one go: no row of the user is left in any table, nor a file', async () => {
    const ana = await fullAccount('leaving@example.com');
    await api.request('POST', '/api/user/export-data', { as: ana });
    await api.runJobs();
    const files = await api.db.query<{ key: string }>(
      `select storage_key as key from data_exports where user_id = $1
       union select storage_key from profile_image_uploads where user_id = $1 and storage_key is not null
       union select profile_image_key from users where id = $1`,
      [ana.userId],
    );
    expect(files.rows).toHaveLength(3);
    const bystander = await fullAccount('staying@example.com');

    const res = await api.request('DELETE', '/api/user/delete', { as: ana });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('clear-site-data')).toBe('"cookies"');
    expect(res.headers.get('set-cookie')).toMatch(/trek_session=;/);
    expect((await api.request('GET', '/api/auth/user', { as: ana })).status).toBe(401);
    // The session this process remembered ends with it: a write with it is a visitor's.
    const late = await api.request('PUT', '/api/user/settings', {
      as: ana,
      body: { newsletters: true },
    });
    expect(late.status).toBe(401);

    // Every column of every table, searched for the user's id and addresses.
    const columns = await api.db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and data_type in ('uuid', 'text', 'jsonb')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns.rows) {
      for (const needle of [ana.userId, 'leaving@example.com']) {
        const { rows } = await api.db.query(
          `select 1 from "${table_name}" where strpos(lower("${column_name}"::text), $1) > 0 limit 1`,
          [needle],
        );
        if (rows.length > 0) found.push(`${table_name}.${column_name} holds ${needle}`);
      }
    }
    expect(found).toEqual(['rate_limits.key holds leaving@example.com']);
    // Only the counters that guard the mailbox, not the account, stay (they expire within the hour).
    const kept = await api.db.query<{ key: string }>(
      "select key from rate_limits where strpos(key, 'leaving@example.com') > 0 order by key",
    );
    expect(kept.rows.map((row) => row.key.replace(/ \S+$/, ' <address>'))).toEqual([
      'email-change:to:new-leaving@example.com',
      'magic-link:email-ip:leaving@example.com <address>',
      'magic-link:mails:leaving@example.com',
    ]);
    for (const { key } of files.rows) expect(existsSync(join(api.storageDir, key))).toBe(false);
    expect((await api.request('GET', ana.photo)).status).toBe(404);
    // Someone else's account is untouched.
    expect((await api.request('GET', '/api/auth/user', { as: bystander })).status).toBe(200);
    expect((await api.request('GET', bystander.photo)).status).toBe(200);
    expect(
      (await api.request('GET', `/api/projects/${bystander.projectId}`, { as: bystander })).status,
    ).toBe(200);
  });

  it('keeps the mail caps of an address when an account under it is deleted', async () => {
    // Someone creates an account under a victim's address they never proved (a provider that
    // does not vouch for e-mails), fills the address's mail cap, deletes the account: the cap
    // must still hold, or deleting and recreating would reset it at will.
    const capped = await startTestApi({ MAGIC_LINK_MAILS_PER_EMAIL: '2' });
    try {
      const ask = () =>
        capped.request('POST', '/api/auth/request-magic-link', {
          body: { email: 'inbox@example.com', firstName: 'A', lastName: 'B' },
          headers: { 'x-forwarded-for': '203.0.113.40' },
        });
      const { rows } = await capped.db.query<{ id: string }>(
        "insert into users (email) values ('inbox@example.com') returning id",
      );
      const userId = rows[0]?.id ?? '';
      await capped.db.query(
        `insert into auth_identities (user_id, provider, subject, email, email_verified)
         values ($1, 'facebook', 'fb-inbox', 'inbox@example.com', false)`,
        [userId],
      );
      for (let i = 0; i < 3; i += 1) await ask();
      const mailed = () => capped.sentMail.filter((m) => m.to === 'inbox@example.com').length;
      expect(mailed()).toBe(2);
      const token = await createSession(capped.db, userId, capped.clock.now);
      const deleted = await capped.request('DELETE', '/api/user/delete', {
        as: `${sessionCookieName(capped.config)}=${token}`,
      });
      expect(deleted.status).toBe(200);
      await ask();
      expect(mailed()).toBe(2);
    } finally {
      await capped.close();
    }
  });

  it('deletes what the account proved its own, by its own sign-ins: not what a provider merely reported', async () => {
    /** Signs in by magic link from one client address; returns the session cookie. */
    const signInByLink = async (email: string) => {
      const sent = await api.request('POST', '/api/auth/request-magic-link', {
        body: { email, firstName: 'A', lastName: 'B' },
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
      const link = new URL(((await sent.json()) as { magicLink: string }).magicLink);
      const followed = await api.request('POST', '/api/auth/magic-link', {
        form: { token: link.searchParams.get('token') ?? '' },
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
      expect(followed.status).toBe(303);
      return followed.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    };
    const marks = async (email: string) =>
      (
        await api.db.query(
          "select 1 from rate_limits where starts_with(key, 'magic-link:signed-in:' || $1 || ' ')",
          [email],
        )
      ).rows.length;

    // Bea signed in by magic link and has asked for another link she has not followed yet.
    await signInByLink('bea@example.com');
    await api.request('POST', '/api/auth/request-magic-link', {
      body: { email: 'bea@example.com', firstName: 'Bea', lastName: 'C' },
    });
    // Ana signed in by magic link under an address she has since left for another.
    const ana = await signInByLink('ana-old@example.com');
    await api.request('PUT', '/api/user/profile', {
      as: ana,
      body: { email: 'ana-new@example.com' },
    });
    const mail = api.sentMail.filter((m) => m.to === 'ana-new@example.com').pop();
    const token = mail?.text.match(/email-change\/confirm\?token=([\w-]+)/)?.[1] ?? '';
    const confirmed = await api.request('POST', '/api/user/email-change/confirm', {
      form: { token },
      as: ana,
    });
    expect(confirmed.status).toBeLessThan(400);
    const { rows } = await api.db.query<{ id: string }>(
      "select id from users where email = 'ana-new@example.com'",
    );
    const anaId = rows[0]?.id ?? '';
    // A Facebook account of Ana's reports Bea's address: Facebook vouches for none.
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'facebook', 'fb-reports-bea', 'bea@example.com', false)`,
      [anaId],
    );
    expect(await marks('ana-old@example.com')).toBe(1);

    expect((await api.request('DELETE', '/api/user/delete', { as: ana })).status).toBe(200);
    // Ana's own mark goes, though it names an address the account no longer had.
    expect(await marks('ana-old@example.com')).toBe(0);
    // Bea's link waiting to be followed and her own allowance are hers: untouched.
    const beaLinks = await api.db.query(
      "select 1 from magic_links where email = 'bea@example.com'",
    );
    expect(beaLinks.rows).toHaveLength(1);
    expect(await marks('bea@example.com')).toBe(1);
  });

  it('sends a sign-in link to the account\u2019s own address to add the magic link again', async () => {
    const ana = await api.signIn('relink@example.com');
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'google', 'g-relink', 'relink@example.com', true)`,
      [ana.userId],
    );
    expect(
      (await api.request('POST', '/api/auth/unlink', { as: ana, body: { provider: 'magicLink' } }))
        .status,
    ).toBe(200);
    const res = await api.request('POST', '/api/auth/link-magic-link', { as: ana });
    expect(res.status).toBe(200);
    const mail = api.sentMail.filter((m) => m.to === 'relink@example.com').pop();
    expect(mail?.text).toContain('becomes one of your sign-in methods');
    const link = new URL(((await res.json()) as { magicLink: string }).magicLink);
    const followed = await api.request('POST', '/api/auth/magic-link', {
      form: { token: link.searchParams.get('token') ?? '' },
      as: ana,
    });
    expect(followed.headers.get('location')).toBe('/u/settings?linked=magicLink');
    const cookie = followed.headers.get('set-cookie')?.split(';')[0] ?? '';
    const methods = await api.request('GET', '/api/auth/methods', { as: cookie });
    expect(
      ((await methods.json()) as { magicLink: { connected: boolean } }).magicLink.connected,
    ).toBe(true);
    expect((await api.request('POST', '/api/auth/link-magic-link')).status).toBe(401);
  });

  it('greets by name in that link only an account whose address is proven', async () => {
    const greetingTo = async (user: TestUser) => {
      const res = await api.request('POST', '/api/auth/link-magic-link', { as: user });
      expect(res.status).toBe(200);
      const mail = api.sentMail.filter((m) => m.to === user.email).pop();
      return mail?.text.split('\n')[0];
    };
    const lure = 'Rosa, your account is locked: call +51 900 000 000';
    // Created through Facebook, which never vouches for the address: its name is whoever's.
    const stranger = await api.signIn('relink-unproven@example.com', { firstName: lure });
    await api.db.query('delete from auth_identities where user_id = $1', [stranger.userId]);
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'facebook', 'fb-relink', 'relink-unproven@example.com', false)`,
      [stranger.userId],
    );
    expect(await greetingTo(stranger)).toBe('Hello,');
    const owner = await api.signIn('relink-proven@example.com', { firstName: 'Rosa' });
    await api.db.query(
      `insert into auth_identities (user_id, provider, subject, email, email_verified)
       values ($1, 'google', 'g-relink-proven', 'relink-proven@example.com', true)`,
      [owner.userId],
    );
    await api.request('POST', '/api/auth/unlink', { as: owner, body: { provider: 'magicLink' } });
    expect(await greetingTo(owner)).toBe('Hello Rosa,');
  });
});

describe('what expires is swept, with its files', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('deletes expired exports, uploads never applied and unconfirmed e-mail changes', async () => {
    const ana = await api.signIn('sweep@example.com');
    const ticket = await api.request('POST', '/api/profile-image/upload', { as: ana });
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    await fetch(new URL(uploadURL, api.url), {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, cookie: ana.cookie, 'content-type': 'image/png' },
      body: PNG,
    });
    await api.request('POST', '/api/user/export-data', { as: ana });
    await api.runJobs();
    await api.request('PUT', '/api/user/profile', {
      as: ana,
      body: { email: 'swept@example.com' },
    });
    const files = await api.db.query<{ key: string }>(
      `select storage_key as key from data_exports
       union select storage_key from profile_image_uploads where storage_key is not null`,
    );
    expect(files.rows).toHaveLength(2);

    // An hour on, only the upload never applied has gone; a day on, everything.
    await sweepAccountFiles(api.db, api.storage, new Date(api.clock.now.getTime() + 61 * 60_000));
    expect((await api.db.query('select 1 from profile_image_uploads')).rows).toHaveLength(0);
    expect((await api.db.query('select 1 from data_exports')).rows).toHaveLength(1);
    await sweepAccountFiles(api.db, api.storage, new Date(api.clock.now.getTime() + 25 * 3600_000));
    expect((await api.db.query('select 1 from data_exports')).rows).toHaveLength(0);
    expect((await api.db.query('select 1 from email_changes')).rows).toHaveLength(0);
    for (const { key } of files.rows) expect(existsSync(join(api.storageDir, key))).toBe(false);
  });
});

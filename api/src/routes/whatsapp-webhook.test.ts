import { type Guide, guideListSchema, guideSchema } from '@trek/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from '../testing/test-api.js';
import {
  imageMessagePayload,
  signedHeaders,
  statusUpdatePayload,
  textMessagesPayload,
} from '../testing/whatsapp.js';
import { signatureOf } from '../whatsapp/signature.js';

const ADMIN_EMAIL = 'rosa.admin@trekperu.example';
const APP_SECRET = 'test-app-secret';
const VERIFY_TOKEN = 'test-verify-token';
const PATH = '/api/webhooks/whatsapp';

describe('the WhatsApp webhook', () => {
  let api: TestApi;
  let admin: TestUser;
  let messageNumber = 0;

  beforeAll(async () => {
    api = await startTestApi(
      {
        ADMIN_EMAILS: ADMIN_EMAIL,
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      },
      { logs: true },
    );
    admin = await api.signIn(ADMIN_EMAIL);
  });
  afterAll(() => api.close());

  const newGuide = async (name = 'Rosa Huaman') => {
    const res = await api.request('POST', '/api/admin/guides', {
      as: admin,
      body: { name, locale: 'es', zones: ['Cusco'] },
    });
    return guideSchema.parse(await res.json());
  };
  const guideNow = async (id: string) => {
    const res = await api.request('GET', '/api/admin/guides', { as: admin });
    return guideListSchema.parse(await res.json()).guides.find((guide) => guide.id === id);
  };
  const messageId = () => {
    messageNumber += 1;
    return `wamid.HBgLNTE5ODc2NTQzMjEVAgASGBQzQTk${messageNumber}`;
  };
  /** A call as Meta makes it: no Origin, signed with the app secret unless told otherwise. */
  const deliver = (
    body: string,
    headers: Record<string, string> = signedHeaders(APP_SECRET, body),
  ) => api.request('POST', PATH, { body, headers: { origin: '', ...headers } });
  const joinFrom = (from: string, text: string, id = messageId()) =>
    deliver(textMessagesPayload({ id, from, body: text }));
  const countRows = async (table: string) =>
    (await api.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;

  describe('verification handshake', () => {
    const handshake = (query: Record<string, string>) =>
      api.request('GET', `${PATH}?${new URLSearchParams(query).toString()}`);

    it('answers the challenge as plain text to the right token', async () => {
      const res = await handshake({
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': '1158201444',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('1158201444');
    });

    it('answers 403 to anything else', async () => {
      const good = {
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': '42',
      };
      const { 'hub.challenge': _challenge, ...noChallenge } = good;
      for (const query of [
        { ...good, 'hub.verify_token': 'guess' },
        { ...good, 'hub.verify_token': '' },
        { ...good, 'hub.mode': 'unsubscribe' },
        { ...good, 'hub.challenge': '<script>alert(1)</script>' },
        noChallenge,
        {},
      ]) {
        const res = await handshake(query);
        expect(res.status, JSON.stringify(query)).toBe(403);
      }
    });

    it('keeps the verify token out of the logs', async () => {
      await handshake({
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': '7',
      });
      await handshake({
        'hub.mode': 'subscribe',
        'hub.verify_token': 'a-guess',
        'hub.challenge': '7',
      });
      const logs = api.logLines.join('\n');
      expect(logs).toContain('hub.verify_token=[redacted]');
      expect(logs).not.toContain(VERIFY_TOKEN);
      expect(logs).not.toContain('a-guess');
    });
  });

  it("connects the guide whose code a number sends: 'JOIN-<code>' in any case, spaces around", async () => {
    const guide = await newGuide();
    const res = await joinFrom('51911222333', `  join-${guide.joinCode.toLowerCase()} \n`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await guideNow(guide.id)).toEqual({ ...guide, whatsappId: '51911222333' });
    const stats = await api.request('GET', '/api/admin/guides', { as: admin });
    expect(guideListSchema.parse(await stats.json()).stats.connected).toBe(1);
  });

  it('needs no Origin (a server calls it) and takes one from anywhere, signed', async () => {
    const guide = await newGuide('Luis Condori');
    const body = textMessagesPayload({
      id: messageId(),
      from: '51922333444',
      body: `JOIN-${guide.joinCode}`,
    });
    const res = await deliver(body, {
      ...signedHeaders(APP_SECRET, body),
      origin: 'https://graph.facebook.com',
    });
    expect(res.status).toBe(200);
    expect((await guideNow(guide.id))?.whatsappId).toBe('51922333444');
  });

  describe('refuses a call whose signature is bad or missing with 401, and changes nothing', () => {
    let guide: Guide;
    let body: string;
    beforeAll(async () => {
      guide = await newGuide('Eva');
      body = textMessagesPayload({
        id: messageId(),
        from: '51933444555',
        body: `JOIN-${guide.joinCode}`,
      });
    });

    it.each([
      ['missing', {}],
      ['without a digest', { 'x-hub-signature-256': 'sha256=' }],
      ['not hex', { 'x-hub-signature-256': `sha256=${'z'.repeat(64)}` }],
      ['of another secret', { 'x-hub-signature-256': signatureOf('another-secret', 'x') }],
      ['of other bytes', { 'x-hub-signature-256': signatureOf(APP_SECRET, `${'{}'} `) }],
      ['SHA-1', { 'x-hub-signature-256': 'sha1=0123456789abcdef0123456789abcdef01234567' }],
    ])('%s', async (_name, signature: Record<string, string>) => {
      const events = await countRows('whatsapp_webhook_events');
      const res = await deliver(body, { 'content-type': 'application/json', ...signature });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_SIGNATURE');
      expect((await guideNow(guide.id))?.whatsappId).toBeNull();
      expect(await countRows('whatsapp_webhook_events')).toBe(events);
    });

    it('a body changed after signing', async () => {
      const tampered = body.replace('51933444555', '51900000000');
      const res = await deliver(tampered, signedHeaders(APP_SECRET, body));
      expect(res.status).toBe(401);
      expect((await guideNow(guide.id))?.whatsappId).toBeNull();
    });
  });

  it('ignores a message id it has seen, even from another number', async () => {
    const guide = await newGuide('Teo');
    const id = messageId();
    expect((await joinFrom('51944555666', `JOIN-${guide.joinCode}`, id)).status).toBe(200);
    const messages = await countRows('whatsapp_messages');
    // The same message delivered again, and a forged "same id" with another sender.
    expect((await joinFrom('51944555666', `JOIN-${guide.joinCode}`, id)).status).toBe(200);
    expect((await joinFrom('51999999999', `JOIN-${guide.joinCode}`, id)).status).toBe(200);
    expect((await guideNow(guide.id))?.whatsappId).toBe('51944555666');
    expect(await countRows('whatsapp_messages')).toBe(messages);
  });

  it('handles one delivery of a message that arrives twice at once', async () => {
    const guide = await newGuide('Olga');
    const body = textMessagesPayload({
      id: messageId(),
      from: '51955666777',
      body: `JOIN-${guide.joinCode}`,
    });
    const answers = await Promise.all([deliver(body), deliver(body)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const { rows } = await api.db.query<{ outcome: string }>(
      'select outcome from whatsapp_messages where guide_id = $1',
      [guide.id],
    );
    expect(rows.map((row) => row.outcome)).toEqual(['joined']);
  });

  it('answers 200 and changes nothing for unknown codes, other texts, other types and status updates', async () => {
    const guide = await newGuide('Nina');
    const bodies = [
      textMessagesPayload({ id: messageId(), from: '51966777888', body: 'JOIN-NOSUCHCODE' }),
      textMessagesPayload({
        id: messageId(),
        from: '51966777888',
        body: `Hello! JOIN-${guide.joinCode}`,
      }),
      textMessagesPayload({ id: messageId(), from: '51966777888', body: `JOIN ${guide.joinCode}` }),
      textMessagesPayload({
        id: messageId(),
        from: 'not-a-number',
        body: `JOIN-${guide.joinCode}`,
      }),
      imageMessagePayload({ id: messageId(), from: '51966777888' }),
      statusUpdatePayload('wamid.status'),
    ];
    for (const body of bodies) {
      const res = await deliver(body);
      expect(res.status, body).toBe(200);
    }
    expect((await guideNow(guide.id))?.whatsappId).toBeNull();
  });

  it('answers 200 to signed bodies that are not payloads, and keeps them', async () => {
    for (const body of ['{"entry": "nope"', 'not json at all', '[]', '{}', '', '\u0000\uFFFF']) {
      const events = await countRows('whatsapp_webhook_events');
      const res = await deliver(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(await countRows('whatsapp_webhook_events')).toBe((events ?? 0) + 1);
    }
    const { rows } = await api.db.query<{ outcome: string }>(
      'select outcome from whatsapp_webhook_events order by id desc limit 1',
    );
    expect(rows[0]?.outcome).toBe('malformed');
  });

  it('keeps every signed call byte for byte, for audit', async () => {
    const body = textMessagesPayload({
      id: messageId(),
      from: '51977888999',
      body: 'Hola ñandú 🦙',
    });
    await deliver(body);
    const { rows } = await api.db.query<{ raw_body: Uint8Array; outcome: string }>(
      'select raw_body, outcome from whatsapp_webhook_events order by id desc limit 1',
    );
    expect(Buffer.from(rows[0]?.raw_body ?? []).toString('utf8')).toBe(body);
    expect(rows[0]?.outcome).toBe('processed');
  });

  it('leaves a connected guide on its number, and a number on its guide', async () => {
    const first = await newGuide('First');
    const second = await newGuide('Second');
    await joinFrom('51988000111', `JOIN-${first.joinCode}`);
    // Someone else with the first guide's code, and the first guide's number with another code.
    await joinFrom('51988000222', `JOIN-${first.joinCode}`);
    await joinFrom('51988000111', `JOIN-${second.joinCode}`);
    expect((await guideNow(first.id))?.whatsappId).toBe('51988000111');
    expect((await guideNow(second.id))?.whatsappId).toBeNull();
    const { rows } = await api.db.query<{ outcome: string }>(
      `select outcome from whatsapp_messages where guide_id in ($1, $2) order by received_at, outcome`,
      [first.id, second.id],
    );
    expect(rows.map((row) => row.outcome).sort()).toEqual(['code_taken', 'joined', 'number_taken']);
  });

  it('answers 413 to a body over 64 KiB before reading it, and keeps nothing', async () => {
    const events = await countRows('whatsapp_webhook_events');
    const body = textMessagesPayload({
      id: messageId(),
      from: '51911000000',
      body: 'x'.repeat(70_000),
    });
    const res = await deliver(body);
    expect(res.status).toBe(413);
    expect(await countRows('whatsapp_webhook_events')).toBe(events);
  });

  it('stays the only route a foreign Origin may change things through', async () => {
    const res = await api.request('POST', '/api/admin/guides', {
      as: admin,
      body: { name: 'Forged', locale: 'es' },
      headers: { origin: 'https://graph.facebook.com' },
    });
    expect(res.status).toBe(403);
  });
});

describe('the WhatsApp webhook without its settings', () => {
  it('answers 503 and says why in the log', async () => {
    const api = await startTestApi({}, { logs: true });
    try {
      const body = textMessagesPayload({
        id: 'wamid.1',
        from: '51911222333',
        body: 'JOIN-ABCDEFGH23',
      });
      const res = await api.request('POST', PATH, {
        body,
        headers: { origin: '', ...signedHeaders(APP_SECRET, body) },
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 'NOT_CONFIGURED',
        message: 'The WhatsApp webhook is not configured on this server',
      });
      const handshake = await api.request(
        'GET',
        `${PATH}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
      );
      expect(handshake.status).toBe(503);
      const logs = api.logLines.join('\n');
      expect(logs).toMatch(/WHATSAPP_APP_SECRET is not set/);
      expect(logs).toMatch(/WHATSAPP_VERIFY_TOKEN is not set/);
      const events = await api.db.query('select 1 from whatsapp_webhook_events');
      expect(events.rows).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROFILE_IMAGE_MAX_BYTES } from '@trek/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegOf, pngOf, webpOf } from '../testing/image-headers.js';
import { startTestApi, TEST_ORIGIN, type TestApi, type TestUser } from '../testing/test-api.js';

/** Photos of an ordinary size: their headers, then filler (the checks read no further). */
const PNG = pngOf(640, 480);
const JPEG = jpegOf(4032, 3024, 2000);
const WEBP = webpOf(800, 600);

describe('profile photos', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'info' }, { logs: true });
  });
  afterAll(() => api.close());

  const ticket = async (user: TestUser) => {
    const res = await api.request('POST', '/api/profile-image/upload', { as: user });
    expect(res.status).toBe(200);
    return ((await res.json()) as { uploadURL: string }).uploadURL;
  };
  const upload = (
    url: string,
    user: TestUser | string,
    body: Buffer | ReadableStream<Uint8Array>,
    contentType: string | null = 'image/png',
  ) =>
    fetch(new URL(url, api.url), {
      method: 'PUT',
      headers: {
        origin: TEST_ORIGIN,
        cookie: typeof user === 'string' ? user : user.cookie,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  const apply = (user: TestUser, profileImageURL: string) =>
    api.request('PUT', '/api/profile-image', { as: user, body: { profileImageURL } });
  const storedFiles = () => {
    try {
      return readdirSync(join(api.storageDir, 'profile-images')).filter(
        (f) => !f.endsWith('.json'),
      );
    } catch {
      return [];
    }
  };

  it('needs a session for every step', async () => {
    expect((await api.request('POST', '/api/profile-image/upload')).status).toBe(401);
    const ana = await api.signIn('photo-session@example.com');
    const url = await ticket(ana);
    expect((await upload(url, '', PNG)).status).toBe(401);
    expect(
      (await api.request('PUT', '/api/profile-image', { body: { profileImageURL: url } })).status,
    ).toBe(401);
    expect((await api.request('DELETE', '/api/profile-image')).status).toBe(401);
  });

  it('takes a photo through a signed single-use URL and serves it from the site with its type', async () => {
    const ana = await api.signIn('photo@example.com');
    const url = await ticket(ana);
    expect(url).toMatch(/^\/api\/profile-image\/upload\/[0-9a-f-]{36}\?signature=[\w-]{40,}$/);
    const sent = await upload(url, ana, PNG);
    expect(sent.status).toBe(200);
    // Single use: the same URL takes nothing more.
    expect((await upload(url, ana, PNG)).status).toBe(404);

    // A name the call does not know is refused, not dropped: no photo is set, the URL is unused.
    const extra = await api.request('PUT', '/api/profile-image', {
      as: ana,
      body: { profileImageURL: `${TEST_ORIGIN}${url}`, crop: '0,0,10,10' },
    });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({ code: 'VALIDATION', message: 'Unrecognized key: "crop"' });
    const before = (await (await api.request('GET', '/api/auth/user', { as: ana })).json()) as {
      profileImageUrl: string | null;
    };
    expect(before.profileImageUrl).toBeNull();

    const res = await apply(ana, `${TEST_ORIGIN}${url}`);
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { profileImageUrl: string } };
    expect(user.profileImageUrl).toMatch(/^\/api\/profile-images\/[0-9a-f-]{36}\.png$/);
    const image = await api.request('GET', user.profileImageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // A name that is no stored photo's names nothing: 404, never an error (found by the fuzzer).
    for (const name of ['-c13----be005-e58f--0-bb11-c61--2--5.webp', '..%2Fsecret.png']) {
      expect((await api.request('GET', `/api/profile-images/${name}`)).status, name).toBe(404);
    }
    // Applied once: the URL cannot be set again.
    expect((await apply(ana, url)).status).toBe(404);
  });

  it('takes a JPEG, PNG or WebP whatever type its name gave it, and stores and serves it as its bytes are', async () => {
    const ana = await api.signIn('photo-types@example.com');
    // The browser declares the type its file name suggests: a PNG saved as photo.jpg comes as
    // image/jpeg. Each is served with the type of its bytes, never the declared one.
    const cases: Array<[Buffer, string, string]> = [
      [JPEG, 'image/jpeg', 'jpg'],
      [WEBP, 'image/webp', 'webp'],
      [PNG, 'image/jpeg', 'png'],
      [JPEG, 'image/webp', 'jpg'],
      [WEBP, 'image/png', 'webp'],
      [PNG, 'image/heic', 'png'],
    ];
    for (const [bytes, declared, extension] of cases) {
      const url = await ticket(ana);
      expect((await upload(url, ana, bytes, declared)).status, declared).toBe(200);
      const { user } = (await (await apply(ana, url)).json()) as {
        user: { profileImageUrl: string };
      };
      expect(user.profileImageUrl).toMatch(
        new RegExp(`^/api/profile-images/[0-9a-f-]{36}\\.${extension}$`),
      );
      const image = await api.request('GET', user.profileImageUrl);
      expect(image.headers.get('content-type'), declared).toBe(
        { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }[extension],
      );
      expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('refuses anything whose bytes are no JPEG, PNG or WebP, or that is not declared an image', async () => {
    const ana = await api.signIn('photo-not-images@example.com');
    const before = storedFiles().length;
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(100)}</svg>`);
    const cases: Array<[Buffer, string | null]> = [
      [svg, 'image/png'],
      [svg, 'image/svg+xml'],
      [Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]), 'image/gif'],
      [PNG, 'text/plain'],
      [PNG, 'application/json'],
      [PNG, null],
      [Buffer.from([0x89, 0x50]), 'image/png'],
      // A JPEG's start, but its image data before any frame header: no size to check.
      [
        Buffer.concat([JPEG.subarray(0, 20), Buffer.from([0xff, 0xda]), Buffer.alloc(100)]),
        'image/jpeg',
      ],
    ];
    for (const [bytes, type] of cases) {
      const res = await upload(await ticket(ana), ana, bytes, type);
      expect(res.status, `${type}`).toBe(415);
      expect(await res.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Only JPEG, PNG or WebP images are accepted.',
      });
    }
    expect(storedFiles().length).toBe(before);
    // A refused body leaves its URL as it was: only a stored photo spends it.
    const retried = await ticket(ana);
    expect((await upload(retried, ana, svg, 'image/png')).status).toBe(415);
    expect((await upload(retried, ana, PNG, 'image/png')).status).toBe(200);
    expect((await upload(retried, ana, PNG, 'image/png')).status).toBe(404);
  });

  it('refuses an image larger in pixels than a photo may be, and changes nothing', async () => {
    const ana = await api.signIn('photo-pixels@example.com');
    const url = await ticket(ana);
    await upload(url, ana, PNG);
    const { user } = (await (await apply(ana, url)).json()) as {
      user: { profileImageUrl: string };
    };
    const before = storedFiles().length;
    // Over 6000 pixels on a side, or over 25 megapixels, in each format, whichever header holds it.
    const bombs: Array<[Buffer, string]> = [
      [pngOf(16000, 16000), 'image/png'],
      [pngOf(6001, 100), 'image/png'],
      [pngOf(100, 6001), 'image/png'],
      [pngOf(5001, 5000), 'image/png'],
      [jpegOf(16000, 16000), 'image/jpeg'],
      // The frame header after 200 KB of EXIF: the refusal comes while the body streams.
      [jpegOf(6001, 4000, 200_000), 'image/jpeg'],
      [webpOf(16383, 16383, 'VP8 '), 'image/webp'],
      [webpOf(8000, 1000, 'VP8L'), 'image/webp'],
      [webpOf(5001, 5000, 'VP8X'), 'image/webp'],
    ];
    for (const [bytes, type] of bombs) {
      const retried = await ticket(ana);
      const res = await upload(retried, ana, bytes, type);
      expect(res.status, type).toBe(422);
      expect(await res.json()).toEqual({
        code: 'IMAGE_TOO_LARGE',
        message:
          'This image is too large in pixels: at most 6000 pixels on a side and 25 megapixels.',
      });
      // The URL is as it was: a photo of a fitting size still goes through it.
      expect((await upload(retried, ana, pngOf(6000, 4000))).status).toBe(200);
    }
    // The limits themselves are fine: 6000 on a side, exactly 25 megapixels.
    for (const bytes of [pngOf(5000, 5000), jpegOf(6000, 4000, 200_000), webpOf(4000, 6000)])
      expect((await upload(await ticket(ana), ana, bytes, 'image/png')).status).toBe(200);
    // Nothing of a refused one is kept, and the photo is still the one it was.
    expect(storedFiles().length).toBe(before + bombs.length + 3);
    const now = (await (await api.request('GET', '/api/auth/user', { as: ana })).json()) as {
      profileImageUrl: string;
    };
    expect(now.profileImageUrl).toBe(user.profileImageUrl);
    expect((await api.request('GET', user.profileImageUrl)).status).toBe(200);
  });

  it('stops an upload past 5 MB while it streams, and keeps nothing of it', async () => {
    const ana = await api.signIn('photo-large@example.com');
    const before = storedFiles().length;
    // Streamed without a length: the cap can only be enforced while reading.
    const chunk = Buffer.alloc(256 * 1024, 3);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(PNG);
        if (sent > PROFILE_IMAGE_MAX_BYTES + chunk.length) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const res = await upload(await ticket(ana), ana, stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Maximum allowed size is 5MB.',
    });
    // With a length, refused before a byte is kept too.
    const declared = await upload(
      await ticket(ana),
      ana,
      Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1),
    );
    expect(declared.status).toBe(413);
    // Exactly 5 MB is fine.
    const exact = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - PNG.length)]);
    expect((await upload(await ticket(ana), ana, exact)).status).toBe(200);
    expect(storedFiles().length).toBe(before + 1);
    const leftovers = readdirSync(join(api.storageDir, 'profile-images')).filter((f) =>
      f.endsWith('.partial'),
    );
    expect(leftovers).toEqual([]);
  });

  it('binds an upload URL to its user and to 10 minutes', async () => {
    const ana = await api.signIn('photo-owner@example.com');
    const eve = await api.signIn('photo-thief@example.com');
    const url = await ticket(ana);
    expect((await upload(url, eve, PNG)).status).toBe(404);
    const forged = url.replace(/signature=[\w-]+/, `signature=${'x'.repeat(43)}`);
    expect((await upload(forged, ana, PNG)).status).toBe(404);
    expect((await upload(url, ana, PNG)).status).toBe(200);
    // Someone else's upload is not found; an address that is not an upload URL is refused.
    expect((await apply(eve, url)).status).toBe(404);
    for (const other of [
      `https://evil.example${url}`,
      '/api/profile-images/00000000-0000-0000-0000-000000000000.png',
      'not a url at all ::',
    ]) {
      const res = await apply(eve, other);
      expect(res.status, other).toBe(400);
    }
    const late = await ticket(ana);
    api.clock.now = new Date(api.clock.now.getTime() + 11 * 60 * 1000);
    try {
      expect((await upload(late, ana, PNG)).status).toBe(404);
    } finally {
      api.clock.now = new Date(api.clock.now.getTime() - 11 * 60 * 1000);
    }
  });

  it('refuses an upload URL whose id is no UUID with the same 400, before any query', async () => {
    const ana = await api.signIn('photo-bad-id@example.com');
    const signature = new URL(await ticket(ana), TEST_ORIGIN).searchParams.get('signature');
    for (const id of ['-'.repeat(36), 'a'.repeat(36), 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-']) {
      const res = await apply(ana, `/api/profile-image/upload/${id}?signature=${signature}`);
      expect(res.status, id).toBe(400);
      expect(await res.json()).toEqual({
        code: 'VALIDATION',
        message: 'profileImageURL: must be the upload URL of a photo you sent',
      });
    }
    expect(api.logLines.join('')).not.toContain('invalid input syntax for type uuid');
  });

  it('keeps no file of an upload whose URL is deleted while its body still streams', async () => {
    const ana = await api.signIn('photo-swept@example.com');
    const before = storedFiles().length;
    let finish = () => {};
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(PNG);
        finish = () => controller.close();
      },
    });
    const url = await ticket(ana);
    const answer = upload(url, ana, slow);
    const id = url.split('/').at(-1)?.split('?')[0];
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await api.db.query<{ status: string }>(
        'select status from profile_image_uploads where id = $1',
        [id],
      );
      if (rows[0]?.status === 'receiving') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // What the account deletion's cascade, or the sweep of uploads over an hour old, does to it.
    await api.db.query('delete from profile_image_uploads where id = $1', [id]);
    finish();
    const res = await answer;
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'This upload link has expired or was already used.',
    });
    expect(storedFiles().filter((f) => !f.endsWith('.partial'))).toHaveLength(before);
  });

  it('deletes the old file when the photo is replaced or removed', async () => {
    const ana = await api.signIn('photo-replace@example.com');
    const set = async () => {
      const url = await ticket(ana);
      await upload(url, ana, PNG);
      const res = await apply(ana, url);
      return ((await res.json()) as { user: { profileImageUrl: string } }).user.profileImageUrl;
    };
    const first = await set();
    const second = await set();
    expect(second).not.toBe(first);
    expect((await api.request('GET', first)).status).toBe(404);
    expect((await api.request('GET', second)).status).toBe(200);
    const removed = await api.request('DELETE', '/api/profile-image', { as: ana });
    expect(
      ((await removed.json()) as { user: { profileImageUrl: null } }).user.profileImageUrl,
    ).toBeNull();
    expect((await api.request('GET', second)).status).toBe(404);
  });

  it('limits upload URLs per account and per client address, whatever accounts it signs in to', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const ask = (user: TestUser, address: string) =>
      api.request('POST', '/api/profile-image/upload', { as: user, headers: from(address) });
    const statuses = async (user: TestUser, address: string, times: number) => {
      const seen: number[] = [];
      for (let i = 0; i < times; i += 1) seen.push((await ask(user, address)).status);
      return seen;
    };
    const ana = await api.signIn('photo-many-a@example.com');
    const bea = await api.signIn('photo-many-b@example.com');
    const cai = await api.signIn('photo-many-c@example.com');
    // One account: 30 an hour. Its refused calls do not use up its address's allowance.
    expect(await statuses(ana, '203.0.113.50', 32)).toEqual([
      ...Array<number>(30).fill(200),
      429,
      429,
    ]);
    expect(await statuses(bea, '203.0.113.50', 30)).toEqual(Array<number>(30).fill(200));
    // One address: 60 an hour, however many accounts it signs in to; refused as an account is.
    const refused = await ask(cai, '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(60 * 60);
    expect(await refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many uploads. Please try again later.',
    });
    // Another address is another client; the hour over, the address may ask again.
    expect((await ask(cai, '198.51.100.50')).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + 60 * 60 * 1000);
    try {
      expect((await ask(cai, '203.0.113.50')).status).toBe(200);
    } finally {
      api.clock.now = new Date(api.clock.now.getTime() - 60 * 60 * 1000);
    }
  });

  it('never logs an upload signature', async () => {
    const ana = await api.signIn('photo-log@example.com');
    const url = await ticket(ana);
    await upload(url, ana, PNG);
    await apply(ana, url);
    const signature = new URL(url, TEST_ORIGIN).searchParams.get('signature') ?? '';
    const log = api.logLines.join('');
    expect(signature.length).toBeGreaterThan(20);
    expect(log).toContain('signature=[redacted]');
    expect(log).not.toContain(signature);
  });
});

describe('the ceiling on uploaded photos not yet applied (UNAPPLIED_UPLOADS_MAX_MB)', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Room for two photos at the 5 MB cap and 1 MB more.
    api = await startTestApi({ UNAPPLIED_UPLOADS_MAX_MB: '11' });
  });
  afterAll(() => api.close());

  const FULL = Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - PNG.length)]);
  const ticket = async (user: TestUser) => {
    const res = await api.request('POST', '/api/profile-image/upload', { as: user });
    expect(res.status).toBe(200);
    return ((await res.json()) as { uploadURL: string }).uploadURL;
  };
  const upload = (url: string, user: TestUser, body: Buffer | ReadableStream<Uint8Array>) =>
    fetch(new URL(url, api.url), {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie, 'content-type': 'image/png' },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  const apply = (user: TestUser, profileImageURL: string) =>
    api.request('PUT', '/api/profile-image', { as: user, body: { profileImageURL } });

  it('counts stored uploads by their size and one under way at the cap, refuses past it with 503, and lets an applied photo make room', async () => {
    const ana = await api.signIn('ceiling-a@example.com');
    const bea = await api.signIn('ceiling-b@example.com');
    const cai = await api.signIn('ceiling-c@example.com');
    const anaPhoto = await ticket(ana);
    expect((await upload(anaPhoto, ana, FULL)).status).toBe(200);
    // Small photos count as what they are: three fit beside a full one.
    for (let i = 0; i < 3; i += 1)
      expect((await upload(await ticket(cai), cai, PNG)).status).toBe(200);

    // An upload under way holds the cap until it ends: the next one would pass the ceiling.
    let finish = () => {};
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(PNG);
        finish = () => controller.close();
      },
    });
    const slowUrl = await ticket(bea);
    const slowAnswer = upload(slowUrl, bea, slow);
    const slowId = slowUrl.split('/').at(-1)?.split('?')[0];
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await api.db.query<{ status: string }>(
        'select status from profile_image_uploads where id = $1',
        [slowId],
      );
      if (rows[0]?.status === 'receiving') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const waiting = await ticket(cai);
    const refused = await upload(waiting, cai, PNG);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      code: 'STORAGE_FULL',
      message: 'Photo uploads are paused for a while. Please try again later.',
    });
    finish();
    expect((await slowAnswer).status).toBe(200);

    // Now a second full photo fits (5 MB and four small ones, plus 5 MB), and then nothing does.
    const beaPhoto = await ticket(bea);
    expect((await upload(beaPhoto, bea, FULL)).status).toBe(200);
    expect((await upload(waiting, cai, PNG)).status).toBe(503);
    // A photo made the profile photo is no longer waiting: the refused URL, given back, now works.
    expect((await apply(ana, anaPhoto)).status).toBe(200);
    expect((await upload(waiting, cai, PNG)).status).toBe(200);
  });
});

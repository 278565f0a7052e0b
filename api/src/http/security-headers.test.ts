import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINUE_PAGE_CSP } from '../auth/magic-link-pages.js';
import { pngOf } from '../testing/image-headers.js';
import { startTestApi, TEST_ORIGIN, type TestApi } from '../testing/test-api.js';

/** The policy the API means for its JSON answers, photos and plain pages, and nothing more. */
const API_CSP =
  "default-src 'none';style-src 'unsafe-inline';form-action 'self';frame-ancestors 'none'";

const PNG = pngOf(64, 64);

describe("the API's security headers", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const expectApiPolicy = (res: Response) => {
    expect(res.headers.get('content-security-policy'), res.url).toBe(API_CSP);
    // HSTS is the host's server's (two years, production only), never the API's own.
    expect(res.headers.get('strict-transport-security'), res.url).toBeNull();
    expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
    expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
  };

  it('are exactly the intended policy on a JSON answer, an HTML page and a photo, with no HSTS', async () => {
    const json = await api.request('GET', '/api/auth/user');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expectApiPolicy(json);

    const expired = await api.request('GET', '/api/auth/magic-link?token=short');
    expect(expired.status).toBe(410);
    expect(expired.headers.get('content-type')).toMatch(/^text\/html/);
    expectApiPolicy(expired);

    const ana = await api.signIn('headers-photo@example.com');
    const ticket = await api.request('POST', '/api/profile-image/upload', { as: ana });
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    const sent = await fetch(new URL(uploadURL, api.url), {
      method: 'PUT',
      headers: { origin: TEST_ORIGIN, cookie: ana.cookie, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(sent.status).toBe(200);
    const applied = await api.request('PUT', '/api/profile-image', {
      as: ana,
      body: { profileImageURL: `${TEST_ORIGIN}${uploadURL}` },
    });
    const { user } = (await applied.json()) as { user: { profileImageUrl: string } };
    const photo = await api.request('GET', user.profileImageUrl);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expectApiPolicy(photo);
  });

  it('leave the Continue page its own policy, which lets its one script run', async () => {
    const asked = await api.request('POST', '/api/auth/request-magic-link', {
      body: { email: 'headers-continue@example.com', firstName: 'Ana', lastName: 'Quispe' },
    });
    const { magicLink } = (await asked.json()) as { magicLink: string };
    const page = await api.request('GET', magicLink.replace(TEST_ORIGIN, ''));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTINUE_PAGE_CSP);
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });
});

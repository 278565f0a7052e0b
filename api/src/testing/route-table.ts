import type { RouteOptions } from 'fastify';
import { BODY_LIMIT_BYTES } from '../app.js';
import { createMagicLink } from '../auth/magic-links.js';
import { GUIDE_BODY_LIMIT_BYTES } from '../routes/admin-guides.js';
import { AUTH_BODY_LIMIT_BYTES } from '../routes/auth.js';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../routes/whatsapp-webhook.js';
import { createProjectBody, wizardAnswers } from './project-bodies.js';
import { TEST_ORIGIN, type TestApi, type TestUser } from './test-api.js';

/**
 * Every route of the API, one line each: who may call it, and what a well-formed call sends.
 * The authorization matrix (routes/authorization-matrix.test.ts) runs each row as four callers
 * and fails for a registered route without a row; the fuzzer (routes/input-fuzzing.test.ts)
 * starts its mutations from the row's well-formed call.
 *
 * Adding a route: one `row(...)` below.
 *   row('PATCH /api/projects/:id', [401, 200, 404, 404], (f) => ({ body: { groupSize: '3' } })),
 *   - the expected status for [visitor, traveler A, traveler B, admin], where A owns the
 *     fixture (its project, its change set) and B owns nothing of A's;
 *   - a builder of the call (body, form, query, path params) from the fixture; it may create
 *     what the call needs through `f.api` (a guide for an admin route, a photo...);
 *   - for a route that reads a body, its limit in bytes when it is not the JSON default
 *     (16 KiB): `{ bodyLimit: 5 * 1024 * 1024 }` for an upload.
 */

export const ROLES = ['visitor', 'travelerA', 'travelerB', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_EMAIL = 'matrix-admin@trekperu.example';

/** The WhatsApp webhook's settings in the matrix and fuzzer APIs (configured, so not 503). */
export const WHATSAPP_TEST_ENV = {
  WHATSAPP_NUMBER: '51987654321',
  WHATSAPP_APP_SECRET: 'matrix-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'matrix-verify-token',
} as const;

/** A guide made by the fixture's admin, for the routes that name one. */
async function guideOf(f: RouteFixture): Promise<string> {
  const res = await f.api.request('POST', '/api/admin/guides', {
    as: f.admin,
    body: { name: 'Rosa Quispe', locale: 'es', zones: ['Cusco'] },
  });
  if (res.status !== 201) throw new Error(`fixture guide: ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** A one-pixel PNG, the smallest photo the upload takes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Traveler A with a session of their own: what a row's call needs made first is made with it,
 * as the fuzzer builds its calls from a fixture whose session earlier cases may have ended.
 */
const travelerAOf = (f: RouteFixture) => f.api.signIn(f.travelerA.email);

/** An upload URL issued to A: `/api/profile-image/upload/<id>?signature=...`. */
async function uploadUrlOf(f: RouteFixture, a?: TestUser): Promise<URL> {
  const as = a ?? (await travelerAOf(f));
  const res = await f.api.request('POST', '/api/profile-image/upload', { as, body: {} });
  if (res.status !== 200) throw new Error(`fixture upload URL: ${res.status}`);
  return new URL(((await res.json()) as { uploadURL: string }).uploadURL, f.api.url);
}

/** A photo A uploaded (not yet applied): its upload URL. */
async function storedUploadOf(f: RouteFixture, a?: TestUser): Promise<string> {
  const as = a ?? (await travelerAOf(f));
  const url = await uploadUrlOf(f, as);
  const res = await fetch(url, {
    method: 'PUT',
    headers: { origin: TEST_ORIGIN, cookie: as.cookie, 'content-type': 'image/png' },
    body: PNG,
  });
  if (res.status !== 200) throw new Error(`fixture photo upload: ${res.status}`);
  return `${url.pathname}${url.search}`;
}

/** A's profile photo: the name it is served under. */
async function photoNameOf(f: RouteFixture): Promise<string> {
  const as = await travelerAOf(f);
  const res = await f.api.request('PUT', '/api/profile-image', {
    as,
    body: { profileImageURL: await storedUploadOf(f, as) },
  });
  if (res.status !== 200) throw new Error(`fixture photo: ${res.status}`);
  const { user } = (await res.json()) as { user: { profileImageUrl: string } };
  return user.profileImageUrl.split('/').pop() ?? '';
}

/** An e-mail change A asked for: the token of the link sent to the new address. */
async function emailChangeTokenOf(f: RouteFixture): Promise<string> {
  const as = await travelerAOf(f);
  const to = `moved-${as.userId}@example.com`;
  const res = await f.api.request('PUT', '/api/user/profile', {
    as,
    body: { email: to },
  });
  if (res.status !== 200) throw new Error(`fixture e-mail change: ${res.status}`);
  const mail = f.api.sentMail.filter((m) => m.to === to).pop();
  const token = /[?&]token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('fixture e-mail change: no link');
  return token;
}

/** A data export of A's, built: its id. */
async function exportOf(f: RouteFixture): Promise<string> {
  const as = await travelerAOf(f);
  const res = await f.api.request('POST', '/api/user/export-data', { as, body: {} });
  if (res.status !== 202) throw new Error(`fixture export: ${res.status}`);
  await f.api.runJobs();
  const { rows } = await f.api.db.query<{ id: string }>(
    'select id from data_exports where user_id = $1',
    [as.userId],
  );
  if (!rows[0]) throw new Error('fixture export: not built');
  return rows[0].id;
}

/** What a row's call may point at: owned by traveler A, made fresh for each call. */
export interface RouteFixture {
  api: TestApi;
  travelerA: TestUser;
  travelerB: TestUser;
  admin: TestUser;
  /** A pending project of A's, edited once. */
  projectId: string;
  /** The change set of that edit. */
  changeSetId: string;
  /** A valid, unused sign-in link for A's address. */
  magicLinkToken: string;
}

export interface RouteCall {
  body?: unknown;
  form?: Record<string, string>;
  /** Query string without '?'. */
  query?: string;
  /** Values of the path's `:params`; `:id` is A's project unless given. */
  params?: Record<string, string>;
}

export interface RouteRow {
  method: string;
  url: string;
  /** Expected status for each of ROLES, in order. */
  expected: Readonly<Record<Role, number>>;
  call: (fixture: RouteFixture) => RouteCall | Promise<RouteCall>;
  /** Largest body the route reads, in bytes (routes that take a body). */
  bodyLimit: number;
  /**
   * Who calls it in the fuzzer and the body-limit check: the first role it answers below 400
   * (traveler A for most routes, the admin for admin routes); null when no role gets past its
   * door (the WhatsApp webhook takes a signature, not a session: its own tests cover it).
   */
  caller: Exclude<Role, 'visitor'> | null;
}

function row(
  route: string,
  statuses: readonly [visitor: number, travelerA: number, travelerB: number, admin: number],
  call: RouteRow['call'] = () => ({}),
  options: { bodyLimit?: number } = {},
): RouteRow {
  const [method = '', url = ''] = route.split(' ');
  const [visitor, travelerA, travelerB, admin] = statuses;
  const expected = { visitor, travelerA, travelerB, admin };
  const through = (['travelerA', 'admin'] as const).find((role) => expected[role] < 400);
  return {
    method,
    url,
    expected,
    call,
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    caller: through ?? null,
  };
}

const auth = { bodyLimit: AUTH_BODY_LIMIT_BYTES };

/** A create call unlike the fixture's (same trek and start would be a blocked duplicate). */
const anotherRequest = () =>
  createProjectBody({
    destination: 'Salkantay',
    title: 'Salkantay',
    // Five days, four nights: the end date is the start plus four nights (the API checks it).
    endDate: '2026-03-06',
    formData: wizardAnswers({
      trek: 'Salkantay',
      duration: '5 days / 4 nights',
      dates: { ...wizardAnswers().dates, end: '2026-03-06' },
    }),
  });

// biome-ignore format: one line per route
export const ROUTE_TABLE: readonly RouteRow[] = [
  row('GET /health', [200, 200, 200, 200]),
  row('GET /api/login', [302, 302, 302, 302]),
  row('GET /api/auth/user', [401, 200, 200, 200]),
  row('GET /api/auth/methods', [401, 200, 200, 200]),
  row('GET /api/auth/providers', [200, 200, 200, 200]),
  row('POST /api/auth/logout', [200, 200, 200, 200], () => ({ body: {} }), auth),
  row('POST /api/auth/logout-all-devices', [401, 200, 200, 200], () => ({ body: {} }), auth),
  // Everyone has only a magic-link sign-in here: nothing to unlink.
  row('POST /api/auth/unlink', [401, 404, 404, 404], () => ({ body: { provider: 'google' } }), auth),
  row('POST /api/auth/request-magic-link', [200, 200, 200, 200], () => ({ body: { email: 'new.traveler@example.com', firstName: 'Nora', lastName: 'Paz' } }), auth),
  // Without a live linking token from a provider sign-in, nobody gets a linking link.
  row('POST /api/auth/send-magic-link', [400, 400, 400, 400], (f) => ({ body: { email: f.travelerA.email, purpose: 'account_linking', linkingToken: 'x'.repeat(40), provider: 'google' } }), auth),
  // Whoever holds a link may open it and sign in with it (it is the proof).
  row('GET /api/auth/magic-link', [200, 200, 200, 200], (f) => ({ query: `token=${f.magicLinkToken}` })),
  row('POST /api/auth/magic-link', [303, 303, 303, 303], (f) => ({ form: { token: f.magicLinkToken } })),
  // No provider is configured in the test API: every sign-in start or callback says so.
  row('GET /auth/google', [302, 302, 302, 302]),
  row('GET /auth/google/callback', [302, 302, 302, 302], () => ({ query: 'state=abc&code=def' })),
  row('GET /auth/facebook', [302, 302, 302, 302]),
  row('GET /auth/facebook/callback', [302, 302, 302, 302], () => ({ query: 'state=abc&code=def' })),
  row('POST /api/projects', [401, 201, 201, 201], () => ({ body: anotherRequest() })),
  row('GET /api/projects', [401, 200, 200, 200], () => ({ query: 'limit=10' })),
  row('GET /api/projects/:id', [401, 200, 404, 404]),
  row('PATCH /api/projects/:id', [401, 200, 404, 404], () => ({ body: { groupSize: '3' } })),
  row('DELETE /api/projects/:id', [401, 200, 404, 404]),
  row('GET /api/admin/guides', [401, 403, 403, 200]),
  row('POST /api/admin/guides', [401, 403, 403, 201], () => ({ body: { name: 'Ana Mamani', locale: 'en', zones: ['Ausangate', 'Cusco'] } }), { bodyLimit: GUIDE_BODY_LIMIT_BYTES }),
  row('PATCH /api/admin/guides/:id', [401, 403, 403, 200], async (f) => ({ params: { id: await guideOf(f) }, body: { isActive: false } }), { bodyLimit: GUIDE_BODY_LIMIT_BYTES }),
  // The webhook knows no session: the handshake takes the verify token, a call its signature.
  row('GET /api/webhooks/whatsapp', [200, 200, 200, 200], () => ({ query: `hub.mode=subscribe&hub.verify_token=${WHATSAPP_TEST_ENV.WHATSAPP_VERIFY_TOKEN}&hub.challenge=42` })),
  row('POST /api/webhooks/whatsapp', [401, 401, 401, 401], () => ({ body: { object: 'whatsapp_business_account', entry: [] } }), { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }),
  row('POST /api/projects/:id/notify-guides', [401, 202, 404, 404], (f) => ({ body: { changeSetId: f.changeSetId, changes: [{ field: 'groupSize', label: 'Travelers', before: '2', after: '4' }] } })),
  // The account page's calls (docs/product/account.md): each traveler's own, no id of A's.
  row('GET /api/user/settings', [401, 200, 200, 200]),
  row('PUT /api/user/settings', [401, 200, 200, 200], () => ({ body: { newsletters: true } })),
  row('PUT /api/user/profile', [401, 200, 200, 200], () => ({ body: { displayName: 'Ana Quispe' } })),
  row('GET /api/user/email-change', [401, 200, 200, 200]),
  // The link's page shows to whoever opens it; only A, signed in, can follow it.
  row('GET /api/user/email-change/confirm', [200, 200, 200, 200], async (f) => ({ query: `token=${await emailChangeTokenOf(f)}` })),
  row('POST /api/user/email-change/confirm', [403, 303, 403, 403], async (f) => ({ form: { token: await emailChangeTokenOf(f) } })),
  row('POST /api/auth/link-magic-link', [401, 200, 200, 200], () => ({ body: {} }), auth),
  row('POST /api/profile-image/upload', [401, 200, 200, 200], () => ({ body: {} })),
  // A's upload URL with a JSON body: refused as no image for A (the URL stays unspent), unknown to anyone else.
  row('PUT /api/profile-image/upload/:id', [401, 415, 404, 404], async (f) => { const url = await uploadUrlOf(f); return { params: { id: url.pathname.split('/').pop() ?? '' }, query: url.search.slice(1), body: {} }; }),
  row('PUT /api/profile-image', [401, 200, 404, 404], async (f) => ({ body: { profileImageURL: await storedUploadOf(f) } })),
  row('DELETE /api/profile-image', [401, 200, 200, 200]),
  // Photos are public to whoever has their (unguessable) address.
  row('GET /api/profile-images/:name', [200, 200, 200, 200], async (f) => ({ params: { name: await photoNameOf(f) } })),
  row('POST /api/user/export-data', [401, 202, 202, 202], () => ({ body: {} })),
  // The e-mailed link: a visitor is sent to sign in, anyone but A finds nothing.
  row('GET /api/user/export-data/:id', [302, 200, 404, 404], async (f) => ({ params: { id: await exportOf(f) } })),
  row('DELETE /api/user/delete', [401, 200, 200, 200], () => ({ body: {} })),
];

/** `METHOD url` of a route, the table's key. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * The routes the app registered, one `METHOD url` each: the HEAD twin Fastify adds to every GET
 * answers exactly as its GET, so it is left out.
 */
export function registeredRouteKeys(routes: readonly RouteOptions[]): string[] {
  const keys = new Set<string>();
  for (const route of routes) {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') keys.add(routeKey(method, route.url));
    }
  }
  return [...keys].sort();
}

let fixtures = 0;

/** Fresh users and a fresh project of A's, so no call depends on another's leftovers. */
export async function makeFixture(api: TestApi): Promise<RouteFixture> {
  fixtures += 1;
  const travelerA = await api.signIn(`matrix-a-${fixtures}@example.com`);
  const travelerB = await api.signIn(`matrix-b-${fixtures}@example.com`);
  const admin = await api.signIn(ADMIN_EMAIL);
  const created = await api.request('POST', '/api/projects', {
    as: travelerA,
    body: createProjectBody(),
  });
  if (created.status !== 201) throw new Error(`fixture project: ${created.status}`);
  const { id: projectId } = (await created.json()) as { id: string };
  const edited = await api.request('PATCH', `/api/projects/${projectId}`, {
    as: travelerA,
    body: { groupSize: '4' },
  });
  if (edited.status !== 200) throw new Error(`fixture edit: ${edited.status}`);
  const { changeSetId } = (await edited.json()) as { changeSetId: string };
  const magicLinkToken = await createMagicLink(
    api.db,
    { email: travelerA.email, firstName: 'Ana', lastName: 'Quispe', redirectTo: '/u/projects' },
    api.clock.now,
  );
  return { api, travelerA, travelerB, admin, projectId, changeSetId, magicLinkToken };
}

/** The path of a row's call: its `:params` filled in. */
export function pathOf(url: string, fixture: RouteFixture, call: RouteCall): string {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(call.params?.[name] ?? (name === 'id' ? fixture.projectId : name)),
  );
}

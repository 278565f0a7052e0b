import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.js';

const ORIGIN = 'http://localhost:3000';

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Lares',
    description: '4 days / 3 nights trek for 2 travellers',
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
        flexible: true,
        flexibilityWindowDays: 2,
        start: '2026-03-02',
        end: '2026-03-05',
        baseDate: '2026-03-02',
      },
      travelers: 2,
      languages: ['english', 'spanish'],
      utm: { source: 'newsletter', medium: '', campaign: '' },
    },
    ...overrides,
  };
}

function create(api: TestApi, cookie: string, payload: unknown = body()) {
  return fetch(`${api.url}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
    body: JSON.stringify(payload),
  });
}

describe('projects', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('needs a session', async () => {
    expect((await fetch(`${api.url}/api/projects`)).status).toBe(401);
    expect((await create(api, '')).status).toBe(401);
  });

  it('creates a pending project and reads it back as the spec describes', async () => {
    const { cookie } = await api.signIn('ana@example.com');
    const res = await create(api, cookie);
    expect(res.status).toBe(201);
    const project = (await res.json()) as Record<string, unknown>;
    expect(project).toMatchObject({
      title: 'Lares',
      destination: 'Lares',
      status: 'pending',
      startDate: '2026-03-02',
      endDate: '2026-03-05',
      duration: '4 days / 3 nights',
      groupSize: 2,
      language: 'English, Spanish',
      flexible: true,
      flexibilityWindowDays: 2,
    });
    expect(project.createdAt).toBe('2026-01-05T10:00:00.000Z');
    const read = await fetch(`${api.url}/api/projects/${project.id}`, { headers: { cookie } });
    expect(await read.json()).toEqual(project);
  });

  it('answers 429 for the same request within seconds, and creates exactly one for concurrent submits', async () => {
    const { cookie } = await api.signIn('double@example.com');
    const [a, b] = await Promise.all([create(api, cookie), create(api, cookie)]);
    expect([a.status, b.status].sort()).toEqual([201, 429]);
    expect((await create(api, cookie)).status).toBe(429);
    const list = (await (
      await fetch(`${api.url}/api/projects`, { headers: { cookie } })
    ).json()) as unknown[];
    expect(list).toHaveLength(1);

    api.clock.now = new Date(api.clock.now.getTime() + 11_000);
    expect((await create(api, cookie)).status).toBe(201);
  });

  it('lists own projects only, newest first; another traveller gets 404', async () => {
    const ana = await api.signIn('lister@example.com');
    await create(api, ana.cookie, body({ destination: 'Salkantay', title: 'Salkantay' }));
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    await create(api, ana.cookie, body({ destination: 'Ausangate', title: 'Ausangate' }));
    const list = (await (
      await fetch(`${api.url}/api/projects`, { headers: { cookie: ana.cookie } })
    ).json()) as Array<{
      id: string;
      destination: string;
    }>;
    expect(list.map((p) => p.destination)).toEqual(['Ausangate', 'Salkantay']);

    const other = await api.signIn('other@example.com');
    const theirs = (await (
      await fetch(`${api.url}/api/projects`, { headers: { cookie: other.cookie } })
    ).json()) as unknown[];
    expect(theirs).toEqual([]);
    const peek = await fetch(`${api.url}/api/projects/${list[0]?.id}`, {
      headers: { cookie: other.cookie },
    });
    expect(peek.status).toBe(404);
    expect(await peek.json()).toEqual({ message: 'Project not found' });
    expect(
      (await fetch(`${api.url}/api/projects/not-a-uuid`, { headers: { cookie: other.cookie } }))
        .status,
    ).toBe(404);
  });

  it('answers TEMPORARY_EMAIL for a placeholder e-mail and creates nothing', async () => {
    const { cookie, userId } = await api.signIn('placeholder@users.trekperu.invalid');
    await api.db.query('update users set is_temporary_email = true where id = $1', [userId]);
    const res = await create(api, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Please update your email address to continue.',
      code: 'TEMPORARY_EMAIL',
    });
    const { rows } = await api.db.query('select 1 from projects where user_id = $1', [userId]);
    expect(rows).toHaveLength(0);
  });

  it('refuses bad bodies with a readable 400', async () => {
    const { cookie } = await api.signIn('bad@example.com');
    const missing = await create(api, cookie, { ...body(), groupSize: 0 });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(/^groupSize/);
    const backwards = await create(api, cookie, body({ endDate: '2026-03-01' }));
    expect(((await backwards.json()) as { message: string }).message).toMatch(/^endDate/);
    const past = await create(api, cookie, body({ startDate: '2025-01-01' }));
    expect(((await past.json()) as { message: string }).message).toMatch(
      /^startDate: must not be in the past/,
    );
    // Values the database would refuse are a 400 too, never a 500.
    const impossible = await create(api, cookie, body({ startDate: '2030-02-30' }));
    expect(impossible.status).toBe(400);
    expect(((await impossible.json()) as { message: string }).message).toMatch(/^startDate/);
    const nul = await create(api, cookie, body({ title: 'Lares\u0000' }));
    expect(nul.status).toBe(400);
    const list = await fetch(`${api.url}/api/projects`, { headers: { cookie } });
    expect(await list.json()).toEqual([]);
  });
});

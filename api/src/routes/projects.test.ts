import { OPEN_PROJECTS_LIMIT, projectListSchema } from '@trek/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectBody as body, wizardAnswers as formData } from '../testing/project-bodies.js';
import { startTestApi, type TestApi, type TestUser } from '../testing/test-api.js';

describe('projects', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const create = (user: TestUser | string, payload: unknown = body()) =>
    api.request('POST', '/api/projects', { as: user, body: payload });
  const list = async (user: TestUser, query = '') => {
    const res = await api.request('GET', `/api/projects${query}`, { as: user });
    return { res, projects: projectListSchema.parse(await res.json()) };
  };

  it('needs a session, before it reads the body', async () => {
    expect((await api.request('GET', '/api/projects')).status).toBe(401);
    expect((await create('')).status).toBe(401);
    expect((await create('', { nonsense: true })).status).toBe(401);
  });

  it('sends a long list compressed to a client that accepts it, and plain to one that does not', async () => {
    const eva = await api.signIn('compressed-list@example.com');
    for (const day of ['02', '09', '16', '23', '30']) {
      const start = `2026-03-${day}`;
      const end =
        day === '30' ? '2026-04-02' : `2026-03-${String(Number(day) + 3).padStart(2, '0')}`;
      const res = await create(
        eva,
        body({
          startDate: start,
          endDate: end,
          formData: formData({
            dates: {
              flexible: false,
              flexibilityWindowDays: null,
              start,
              end,
              baseDate: start,
            },
          }),
        }),
      );
      expect(res.status).toBe(201);
    }
    const asked = (encoding: string) =>
      api.request('GET', '/api/projects', { as: eva, headers: { 'accept-encoding': encoding } });
    const br = await asked('gzip, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(projectListSchema.parse(await br.json())).toHaveLength(5);
    expect((await asked('identity')).headers.get('content-encoding')).toBeNull();
  });

  it('refuses a name the call does not know with 400, and creates nothing', async () => {
    const eli = await api.signIn('extra-keys@example.com');
    const res = await create(eli, { ...body(), status: 'active' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VALIDATION', message: 'Unrecognized key: "status"' });
    expect((await list(eli)).projects).toEqual([]);
  });

  it('creates a pending project and reads it back as the shared schema describes', async () => {
    const ana = await api.signIn('ana@example.com');
    const res = await create(ana);
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
    const read = await api.request('GET', `/api/projects/${project.id}`, { as: ana });
    expect(await read.json()).toEqual(project);
  });

  it('answers DUPLICATE_REQUEST for the same request within seconds, and creates exactly one for concurrent submits', async () => {
    const user = await api.signIn('double@example.com');
    const [a, b] = await Promise.all([create(user), create(user)]);
    expect([a.status, b.status].sort()).toEqual([201, 429]);
    const again = await create(user);
    expect(again.status).toBe(429);
    expect(((await again.json()) as { code: string }).code).toBe('DUPLICATE_REQUEST');
    expect((await list(user)).projects).toHaveLength(1);

    api.clock.now = new Date(api.clock.now.getTime() + 11_000);
    expect((await create(user)).status).toBe(201);
  });

  it('lists own projects only, newest first; another traveler gets 404', async () => {
    const ana = await api.signIn('lister@example.com');
    await create(
      ana,
      body({
        destination: 'Salkantay',
        title: 'Salkantay',
        formData: formData({ trek: 'Salkantay' }),
      }),
    );
    api.clock.now = new Date(api.clock.now.getTime() + 1000);
    await create(
      ana,
      body({
        destination: 'Ausangate',
        title: 'Ausangate',
        formData: formData({ trek: 'Ausangate' }),
      }),
    );
    const { projects } = await list(ana);
    expect(projects.map((p) => p.destination)).toEqual(['Ausangate', 'Salkantay']);

    const other = await api.signIn('other@example.com');
    expect((await list(other)).projects).toEqual([]);
    const peek = await api.request('GET', `/api/projects/${projects[0]?.id}`, { as: other });
    expect(peek.status).toBe(404);
    expect(await peek.json()).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    for (const id of ['not-a-uuid', 'a'.repeat(101)]) {
      expect((await api.request('GET', `/api/projects/${id}`, { as: other })).status).toBe(404);
    }
  });

  it('answers TEMPORARY_EMAIL for a placeholder e-mail and creates nothing', async () => {
    const user = await api.signIn('placeholder@users.trekperu.invalid');
    await api.db.query('update users set is_temporary_email = true where id = $1', [user.userId]);
    const res = await create(user);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'TEMPORARY_EMAIL',
      message: 'Please update your email address to continue.',
    });
    const { rows } = await api.db.query('select 1 from projects where user_id = $1', [user.userId]);
    expect(rows).toHaveLength(0);
  });

  it('refuses bad bodies with a readable 400 that names the field', async () => {
    const user = await api.signIn('bad@example.com');
    const cases: Array<[unknown, RegExp]> = [
      [{ ...body(), groupSize: 0 }, /^groupSize/],
      [body({ endDate: '2026-03-01' }), /^endDate: must not be before startDate/],
      [body({ startDate: '2025-01-01' }), /^startDate: must not be in the past/],
      [body({ startDate: '2030-02-30' }), /^startDate: must be a real calendar date/],
      [body({ title: 'Lares\u0000' }), /^title: Please remove control characters such as tabs\./],
    ];
    for (const [payload, message] of cases) {
      const res = await create(user, payload);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { code: string; message: string };
      expect(answer.code).toBe('VALIDATION');
      expect(answer.message).toMatch(message);
    }
    expect((await list(user)).projects).toEqual([]);
  });

  it('refuses a request the wizard cannot send: an unknown trek or duration, answers that disagree', async () => {
    const user = await api.signIn('inconsistent@example.com');
    const dates = (start: string, end: string) =>
      formData({ dates: { ...formData().dates, start, end, baseDate: start } });
    const cases: Array<[string, unknown, RegExp]> = [
      [
        'a trek not in the catalogue',
        body({
          title: 'Mount Doom',
          destination: 'Mount Doom',
          formData: formData({ trek: 'Mount Doom' }),
        }),
        /^destination: must be one of the treks you can choose/,
      ],
      [
        'a trek that cannot be chosen',
        body({
          destination: 'Inca Trail',
          formData: formData({ trek: 'Inca Trail', duration: '4 days / 3 nights' }),
        }),
        /^destination: must be one of the treks you can choose/,
      ],
      [
        'a duration the trek does not have',
        body({ formData: formData({ duration: '999 days / 3 nights' }) }),
        /^formData\.duration: must be one of the durations of Lares/,
      ],
      [
        'a trek in formData other than the destination',
        body({ formData: formData({ trek: 'Salkantay' }) }),
        /^formData\.trek: must be the destination/,
      ],
      [
        'a group size other than the travelers',
        body({ groupSize: 2, formData: formData({ travelers: 9 }) }),
        /^groupSize: must be formData\.travelers \(9\)/,
      ],
      [
        "a start date other than the answers'",
        body({ startDate: '2026-04-01', endDate: '2026-04-04' }),
        /^startDate: must be formData\.dates\.start/,
      ],
      [
        "an end date other than the answers'",
        body({ endDate: '2026-03-06', formData: dates('2026-03-02', '2026-03-05') }),
        /^endDate: must be formData\.dates\.end/,
      ],
      [
        'an end date that is not start plus the nights',
        body({ endDate: '2026-03-09', formData: dates('2026-03-02', '2026-03-09') }),
        /^endDate: must be 2026-03-05, startDate plus the nights of the duration/,
      ],
      [
        'an end date without a start date',
        body({ startDate: null, endDate: '2026-03-05', formData: dates('', '2026-03-05') }),
        /^startDate: is required$/,
      ],
      // Step 3 of the wizard needs both dates (spec section 5).
      [
        'no dates',
        body({
          startDate: null,
          endDate: null,
          formData: formData({
            dates: { flexible: true, flexibilityWindowDays: 2, start: '', end: '', baseDate: '' },
          }),
        }),
        /^startDate: is required$/,
      ],
      // Fixed by the spec (sections 3 and 9), shown on My Projects (the title).
      [
        'a difficulty other than medium',
        body({ difficulty: 'extreme' }),
        /^difficulty: must be medium$/,
      ],
      ['a budget other than TBD', body({ maxBudget: '9999' }), /^maxBudget: must be TBD$/],
      [
        "a title other than the trek's name",
        body({ title: 'Cheap flights here' }),
        /^title: must be the trek's name \(Lares\) or Trek Request$/,
      ],
      // A state the edit refuses, and the spec too: flexible needs a window of 1 to 3 days.
      ...[null, 0].map((window): [string, unknown, RegExp] => [
        `flexible with a window of ${window}`,
        body({
          formData: formData({
            dates: { ...formData().dates, flexible: true, flexibilityWindowDays: window },
          }),
        }),
        /^formData\.dates\.flexibilityWindowDays: is required when flexible is true$/,
      ]),
    ];
    for (const [name, payload, message] of cases) {
      const res = await create(user, payload);
      expect(res.status, name).toBe(400);
      const answer = (await res.json()) as { code: string; message: string };
      expect(answer.code, name).toBe('VALIDATION');
      expect(answer.message, name).toMatch(message);
    }
    expect((await list(user)).projects).toEqual([]);

    // What the wizard sends passes: another trek and duration, and the trek named in any case
    // (stored, and as the title, as the catalogue spells it).
    const colca = await create(
      user,
      body({
        title: 'colca canyon',
        destination: 'colca canyon',
        startDate: '2026-04-10',
        endDate: '2026-04-12',
        groupSize: 1,
        formData: formData({
          trek: 'colca canyon',
          duration: '3 days / 2 nights',
          travelers: 1,
          dates: {
            flexible: false,
            flexibilityWindowDays: null,
            start: '2026-04-10',
            end: '2026-04-12',
          },
        }),
      }),
    );
    expect(colca.status, await colca.clone().text()).toBe(201);
    expect(await colca.json()).toMatchObject({
      destination: 'Colca Canyon',
      title: 'Colca Canyon',
    });
    // 'Yes' in the wizard: flexible with a window of 1 day.
    const yes = await create(
      user,
      body({
        startDate: '2026-05-04',
        endDate: '2026-05-07',
        formData: formData({
          dates: {
            flexible: true,
            flexibilityWindowDays: 1,
            start: '2026-05-04',
            end: '2026-05-07',
            baseDate: '2026-05-04',
          },
        }),
      }),
    );
    expect(yes.status, await yes.clone().text()).toBe(201);
    expect(await yes.json()).toMatchObject({ flexible: true, flexibilityWindowDays: 1 });
  });

  // Each of these reached the database and answered 500 before (issue 8's findings).
  it('answers 400, never 500, for input the database would refuse or the product cannot mean', async () => {
    const user = await api.signIn('hostile@example.com');
    const cases: Array<[string, unknown, RegExp]> = [
      [
        'a lone surrogate in formData',
        body({ formData: formData({ trek: 'La\ud800res' }) }),
        /^formData\.trek: Please use valid characters only\./,
      ],
      [
        'a lone surrogate in utm',
        body({ formData: formData({ utm: { source: 'a\ud800', medium: '', campaign: '' } }) }),
        /^formData\.utm\.source: Please use valid characters only\./,
      ],
      ['a year-0 end date', body({ endDate: '0000-01-01' }), /^endDate: must be between 2000/],
      [
        'a year-0 date in formData',
        body({ formData: formData({ dates: { ...formData().dates, end: '0000-01-01' } }) }),
        /^formData\.dates\.end/,
      ],
      [
        'an end date in the past',
        body({ startDate: null, endDate: '2020-01-01' }),
        /^endDate: must be between|^endDate: must not be in the past/,
      ],
      ['a title of spaces', body({ title: '   ' }), /^title: Please fill in this field\./],
      ['a title of zero-width characters', body({ title: '\u200b\u200d\ufeff' }), /^title/],
      [
        'a C1 control in a title',
        body({ title: 'Lares\u0085' }),
        /^title: Please remove control characters/,
      ],
      [
        'a repeated language',
        body({ formData: formData({ languages: ['english', 'english'] }) }),
        /^formData\.languages: must not repeat/,
      ],
      [
        'an unknown language',
        body({ formData: formData({ languages: ['english', 'klingon'] }) }),
        /^formData\.languages\.1/,
      ],
      [
        'too many languages',
        body({ formData: formData({ languages: ['english', 'french', 'spanish', 'french'] }) }),
        /^formData\.languages/,
      ],
      [
        'no language',
        body({ formData: formData({ languages: [] }) }),
        /^formData\.languages: must name at least one language/,
      ],
    ];
    for (const [name, payload, message] of cases) {
      const res = await create(user, payload);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { message: string }).message, name).toMatch(message);
    }
    expect((await list(user)).projects).toEqual([]);
  });

  it('keeps line breaks in the description, and trims invisible characters around a title', async () => {
    const user = await api.signIn('text@example.com');
    const res = await create(
      user,
      body({ title: '\u200b Lares \ufeff', description: 'Four days\nwith hot springs' }),
    );
    expect(res.status).toBe(201);
    const project = (await res.json()) as { title: string; description: string };
    expect(project.title).toBe('Lares');
    expect(project.description).toBe('Four days\nwith hot springs');
  });

  it(`caps open requests at ${OPEN_PROJECTS_LIMIT} per traveler with PROJECT_LIMIT`, async () => {
    const user = await api.signIn('busy@example.com');
    await api.db.query(
      `insert into projects (user_id, title, destination, status, form_data, created_at)
       select $1, 'Old', 'Lares', 'pending', '{}'::jsonb, $2::timestamptz - make_interval(secs => n)
       from generate_series(1, $3::int) as n`,
      [user.userId, api.clock.now, OPEN_PROJECTS_LIMIT],
    );
    const refused = await create(user);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('PROJECT_LIMIT');

    // A completed request is not open: it makes room for a new one.
    await api.db.query(
      `update projects set status = 'completed'
       where id = (select id from projects where user_id = $1 limit 1)`,
      [user.userId],
    );
    expect((await create(user)).status).toBe(201);
  });

  it('pages the list: limit, then after the last id, with a Link header to the next page', async () => {
    const user = await api.signIn('pages@example.com');
    await api.db.query(
      `insert into projects (user_id, title, destination, status, form_data, created_at)
       select $1, 'Trek ' || n, 'Lares', 'completed', '{}'::jsonb, $2::timestamptz - make_interval(secs => n)
       from generate_series(1, 5) as n`,
      [user.userId, api.clock.now],
    );
    const first = await list(user, '?limit=2');
    expect(first.projects.map((p) => p.title)).toEqual(['Trek 1', 'Trek 2']);
    const next = first.res.headers.get('link');
    expect(next).toBe(`</api/projects?limit=2&after=${first.projects[1]?.id}>; rel="next"`);

    const nextQuery = /^<\/api\/projects(\?[^>]+)>/.exec(next ?? '')?.[1];
    const second = await list(user, nextQuery);
    expect(second.projects.map((p) => p.title)).toEqual(['Trek 3', 'Trek 4']);
    const last = await list(user, `?limit=2&after=${second.projects[1]?.id}`);
    expect(last.projects.map((p) => p.title)).toEqual(['Trek 5']);
    expect(last.res.headers.get('link')).toBeNull();

    // One default page holds every open request a traveler may have.
    const all = await list(user);
    expect(all.projects).toHaveLength(5);
    expect(all.res.headers.get('link')).toBeNull();

    expect((await api.request('GET', '/api/projects?limit=0', { as: user })).status).toBe(400);
    expect((await api.request('GET', '/api/projects?limit=101', { as: user })).status).toBe(400);
    const stranger = await api.signIn('stranger@example.com');
    const foreign = await api.request('GET', `/api/projects?after=${first.projects[0]?.id}`, {
      as: stranger,
    });
    expect(foreign.status).toBe(404);
  });
});

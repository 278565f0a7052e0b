import {
  type Project,
  type ProjectUpdateBody,
  projectSchema,
  projectUpdateResultSchema,
} from '@trek/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectBody, wizardAnswers } from '../testing/project-bodies.js';
import { startTestApi, type TestApi, type TestUser } from '../testing/test-api.js';

interface ChangeRow {
  user_id: string;
  change_set_id: string;
  field: string;
  label: string;
  before_value: string | null;
  after_value: string | null;
  changed_at: Date;
}

describe('editing, notifying about and cancelling a project', () => {
  let api: TestApi;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    owner = await api.signIn('owner@example.com');
    stranger = await api.signIn('stranger@example.com');
  });
  afterAll(() => api.close());

  let created = 0;
  /** A new project of `user`; each one later than the last, so none is a duplicate. */
  async function createProject(user: TestUser, overrides: Record<string, unknown> = {}) {
    created += 1;
    api.clock.now = new Date(Date.parse('2026-01-05T10:00:00Z') + created * 60_000);
    const res = await api.request('POST', '/api/projects', {
      as: user,
      body: createProjectBody(overrides),
    });
    expect(res.status).toBe(201);
    return projectSchema.parse(await res.json());
  }
  const patch = (user: TestUser | string, id: string, body: unknown) =>
    api.request('PATCH', `/api/projects/${id}`, { as: user, body });
  const read = async (id: string) =>
    projectSchema.parse(
      await (await api.request('GET', `/api/projects/${id}`, { as: owner })).json(),
    );
  const changesOf = async (projectId: string) =>
    (
      await api.db.query<ChangeRow>(
        `select user_id, change_set_id, field, label, before_value, after_value, changed_at
         from project_changes where project_id = $1 order by id`,
        [projectId],
      )
    ).rows;
  const notificationsOf = async (projectId: string) =>
    (
      await api.db.query<{ change_set_id: string; changes: unknown }>(
        'select change_set_id, changes from guide_notifications where project_id = $1',
        [projectId],
      )
    ).rows;

  describe('who may call each route', () => {
    let project: Project;
    beforeAll(async () => {
      project = await createProject(owner);
    });
    const SOME_UUID = '00000000-0000-4000-8000-000000000000';
    const calls = (id: string): Array<[string, string, unknown]> => [
      ['GET', '/api/projects', undefined],
      ['GET', `/api/projects/${id}`, undefined],
      ['PATCH', `/api/projects/${id}`, { groupSize: '3' }],
      [
        'POST',
        `/api/projects/${id}/notify-guides`,
        {
          changeSetId: SOME_UUID,
          changes: [{ field: 'groupSize', label: 'Travelers', before: '2', after: '3' }],
        },
      ],
      ['DELETE', `/api/projects/${id}`, undefined],
    ];

    it('a visitor gets 401 from every route, before the body is looked at', async () => {
      for (const [method, path, body] of calls(project.id)) {
        const res = await api.request(method, path, { body });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(((await res.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
      }
      expect((await patch('', project.id, { status: 'active' })).status).toBe(401);
    });

    it('another traveler gets 404 from every route naming the project, and changes nothing', async () => {
      for (const [method, path, body] of calls(project.id).slice(1)) {
        const res = await api.request(method, path, { as: stranger, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
      }
      const list = await api.request('GET', '/api/projects', { as: stranger });
      expect(await list.json()).toEqual([]);
      expect(await read(project.id)).toEqual(project);
      expect(await changesOf(project.id)).toEqual([]);
    });

    it('a malformed or unknown id answers 404 on every route, never 400 or 500', async () => {
      for (const id of ['not-a-uuid', '42', SOME_UUID, 'a'.repeat(101)]) {
        for (const [method, path, body] of calls(id).slice(1)) {
          const res = await api.request(method, path, { as: owner, body });
          expect(res.status, `${method} ${path}`).toBe(404);
        }
      }
    });

    it('the owner reads, edits, notifies and deletes', async () => {
      expect((await api.request('GET', '/api/projects', { as: owner })).status).toBe(200);
      expect((await api.request('GET', `/api/projects/${project.id}`, { as: owner })).status).toBe(
        200,
      );
      const edited = await patch(owner, project.id, { groupSize: '3' });
      expect(edited.status).toBe(200);
      const { changeSetId } = projectUpdateResultSchema.parse(await edited.json());
      const notified = await api.request('POST', `/api/projects/${project.id}/notify-guides`, {
        as: owner,
        body: {
          changeSetId,
          changes: [{ field: 'groupSize', label: 'Travelers', before: '2', after: '3' }],
        },
      });
      expect(notified.status).toBe(202);
      const deleted = await api.request('DELETE', `/api/projects/${project.id}`, { as: owner });
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ id: project.id, deleted: true });
      expect((await api.request('GET', `/api/projects/${project.id}`, { as: owner })).status).toBe(
        404,
      );
      // Deleting again: it is gone, as for anybody else.
      expect(
        (await api.request('DELETE', `/api/projects/${project.id}`, { as: owner })).status,
      ).toBe(404);
    });
  });

  describe('PATCH /api/projects/:id', () => {
    it('saves only the changed fields, recomputes the end date and answers the project', async () => {
      const project = await createProject(owner);
      const res = await patch(owner, project.id, {
        duration: '5 days / 4 nights',
        startDate: '2026-04-06',
        // Not trusted: the end date is start + nights.
        endDate: '2026-12-31',
        groupSize: '4',
        language: 'French, english',
      } satisfies ProjectUpdateBody);
      expect(res.status).toBe(200);
      const result = projectUpdateResultSchema.parse(await res.json());
      expect(result.changeSetId).toEqual(expect.any(String));
      expect(result.project).toEqual({
        ...project,
        description: '5 days / 4 nights trek for 4 travellers',
        duration: '5 days / 4 nights',
        startDate: '2026-04-06',
        endDate: '2026-04-10',
        groupSize: 4,
        language: 'French, English',
      });
      expect(await read(project.id)).toEqual(result.project);
    });

    it('writes one history row per changed field, all in one change set, with who and when', async () => {
      const project = await createProject(owner);
      api.clock.now = new Date('2026-01-20T08:00:00Z');
      const res = await patch(owner, project.id, {
        destination: 'salkantay',
        duration: '5 days / 4 nights',
        flexible: false,
        flexibilityWindowDays: null,
      });
      const { changeSetId, project: saved } = projectUpdateResultSchema.parse(await res.json());
      // The catalogue's spelling, and the title follows the trek it was named after.
      expect(saved).toMatchObject({ destination: 'Salkantay', title: 'Salkantay' });
      const rows = await changesOf(project.id);
      expect(
        rows.map((r) => [r.field, r.label, r.before_value, r.after_value, r.change_set_id]),
      ).toEqual([
        ['title', 'Title', 'Lares', 'Salkantay', changeSetId],
        [
          'description',
          'Description',
          '4 days / 3 nights trek for 2 travellers',
          '5 days / 4 nights trek for 2 travellers',
          changeSetId,
        ],
        ['destination', 'Trek', 'Lares', 'Salkantay', changeSetId],
        ['duration', 'Duration', '4 days / 3 nights', '5 days / 4 nights', changeSetId],
        ['endDate', 'End date', '2026-03-05', '2026-03-06', changeSetId],
        ['flexible', 'Flexible dates', 'true', 'false', changeSetId],
        ['flexibilityWindowDays', 'Flexibility (days)', '2', null, changeSetId],
      ]);
      for (const row of rows) {
        expect(row.user_id).toBe(owner.userId);
        expect(new Date(row.changed_at).toISOString()).toBe('2026-01-20T08:00:00.000Z');
      }

      // A second save is a second change set; the same values again record nothing.
      const second = projectUpdateResultSchema.parse(
        await (await patch(owner, project.id, { groupSize: '5' })).json(),
      );
      expect(second.changeSetId).not.toBe(changeSetId);
      const again = projectUpdateResultSchema.parse(
        await (await patch(owner, project.id, { groupSize: '5' })).json(),
      );
      expect(again.changeSetId).toBeNull();
      expect(again.project.groupSize).toBe(5);
      // The group size and the description it is written in.
      expect(await changesOf(project.id)).toHaveLength(rows.length + 2);
    });

    it('keeps a description written by hand, and follows a derived one', async () => {
      const own = await createProject(owner, { description: 'Slow pace, photography stops' });
      const kept = projectUpdateResultSchema.parse(
        await (await patch(owner, own.id, { groupSize: '3' })).json(),
      );
      expect(kept.project.description).toBe('Slow pace, photography stops');

      const derived = await createProject(owner);
      const followed = projectUpdateResultSchema.parse(
        await (await patch(owner, derived.id, { groupSize: '1' })).json(),
      );
      expect(followed.project.description).toBe('4 days / 3 nights trek for 1 traveller');
    });

    it('turns flexibility on with a window of 0 to 3 days', async () => {
      const project = await createProject(owner, {
        formData: wizardAnswers({
          dates: { ...wizardAnswers().dates, flexible: false, flexibilityWindowDays: null },
        }),
      });
      expect(project.flexible).toBe(false);
      const res = await patch(owner, project.id, { flexible: true, flexibilityWindowDays: '0' });
      expect(projectUpdateResultSchema.parse(await res.json()).project).toMatchObject({
        flexible: true,
        flexibilityWindowDays: 0,
      });
    });

    it('keeps a trek the wizard offers but the edit page does not (Santa Cruz), and edits around it', async () => {
      const project = await createProject(owner, {
        title: 'Santa Cruz',
        destination: 'Santa Cruz',
        formData: wizardAnswers({ trek: 'Santa Cruz' }),
      });
      const res = await patch(owner, project.id, { groupSize: '6' });
      expect(projectUpdateResultSchema.parse(await res.json()).project).toMatchObject({
        destination: 'Santa Cruz',
        groupSize: 6,
      });
      const back = await patch(owner, project.id, {
        destination: 'Colca Canyon',
        duration: '3 days / 2 nights',
      });
      expect(back.status).toBe(200);
    });

    it('refuses each bad value with a 400 naming the field, and changes nothing', async () => {
      const project = await createProject(owner);
      const cases: Array<[string, unknown, RegExp]> = [
        ['groupSize 0', { groupSize: '0' }, /^groupSize: must be a number of travelers/],
        ['groupSize 11', { groupSize: '11' }, /^groupSize/],
        ['groupSize as a number', { groupSize: 3 }, /^groupSize/],
        ['groupSize not a number', { groupSize: 'three' }, /^groupSize/],
        ['groupSize with a fraction', { groupSize: '2.5' }, /^groupSize/],
        [
          'a duration the trek does not offer',
          { duration: '12 days / 11 nights' },
          /^duration: must be one of the durations of Lares/,
        ],
        [
          'a new trek whose durations do not hold the current one',
          { destination: 'Huayhuash' },
          /^duration: must be one of the durations of Huayhuash/,
        ],
        [
          'Inca Trail',
          { destination: 'Inca Trail', duration: '4 days / 3 nights' },
          /^destination/,
        ],
        ['a trek outside the catalogue', { destination: 'Everest' }, /^destination/],
        ['an empty duration', { duration: '' }, /^duration/],
        ['a start date in the past', { startDate: '2025-12-01' }, /^startDate: must not be/],
        ['an impossible start date', { startDate: '2026-02-30' }, /^startDate/],
        ['an impossible end date', { endDate: '2026-13-01' }, /^endDate/],
        ['a window of 4 days', { flexibilityWindowDays: '4' }, /^flexibilityWindowDays/],
        ['a window as a number', { flexibilityWindowDays: 2 }, /^flexibilityWindowDays/],
        [
          'a window without flexibility',
          { flexible: false, flexibilityWindowDays: '2' },
          /^flexibilityWindowDays: applies only when flexible/,
        ],
        [
          'flexibility without a window',
          { flexible: true, flexibilityWindowDays: null },
          /^flexibilityWindowDays: is required/,
        ],
        ['flexible as text', { flexible: 'yes' }, /^flexible/],
        ['an unknown language', { language: 'English, Klingon' }, /^language: must name languages/],
        ['a repeated language', { language: 'English, english' }, /^language: must not repeat/],
        ['no language', { language: '' }, /^language/],
        ['languages as a list', { language: ['english'] }, /^language/],
        ['a control character', { duration: '4 days / 3 nights\u0000' }, /^duration/],
        ['the status', { status: 'completed' }, /Unrecognized key/],
        ['the id', { id: '00000000-0000-4000-8000-000000000000' }, /Unrecognized key/],
        ['the owner', { userId: stranger.userId }, /Unrecognized key/],
        ['a change and the status', { groupSize: '3', status: 'active' }, /Unrecognized key/],
        ['nothing', {}, /must change at least one field/],
        ['not an object', ['groupSize', '3'], /./],
      ];
      for (const [name, body, message] of cases) {
        const res = await patch(owner, project.id, body);
        expect(res.status, name).toBe(400);
        const answer = (await res.json()) as { code: string; message: string };
        expect(answer.code, name).toBe('VALIDATION');
        expect(answer.message, name).toMatch(message);
      }
      expect(await read(project.id)).toEqual(project);
      expect(await changesOf(project.id)).toEqual([]);
    });

    it("another traveler's valid edit changes nothing", async () => {
      const project = await createProject(owner);
      expect((await patch(stranger, project.id, { groupSize: '9' })).status).toBe(404);
      expect(await read(project.id)).toEqual(project);
    });
  });

  describe('POST /api/projects/:id/notify-guides', () => {
    const changes = [{ field: 'groupSize', label: 'Travelers', before: '2', after: '3' }];
    // What the server recorded for a group size of 2 made 3: the size, and the description
    // written from it.
    const recordedNotice = [
      {
        field: 'description',
        label: 'Description',
        before: '4 days / 3 nights trek for 2 travellers',
        after: '4 days / 3 nights trek for 3 travellers',
      },
      { field: 'groupSize', label: 'Travelers', before: '2 travelers', after: '3 travelers' },
    ];
    const notify = (user: TestUser, id: string, body: unknown) =>
      api.request('POST', `/api/projects/${id}/notify-guides`, { as: user, body });

    it('queues one notice per change set in the outbox, however often it is asked (202)', async () => {
      const project = await createProject(owner);
      const { changeSetId } = projectUpdateResultSchema.parse(
        await (await patch(owner, project.id, { groupSize: '3' })).json(),
      );
      const first = await notify(owner, project.id, { changeSetId, changes });
      expect(first.status).toBe(202);
      const answer = (await first.json()) as { changeSetId: string; queuedAt: string };
      expect(answer.changeSetId).toBe(changeSetId);
      const second = await notify(owner, project.id, {
        changeSetId,
        changes: [{ field: 'groupSize', label: 'Travelers', before: '2', after: '9' }],
      });
      expect(second.status).toBe(202);
      expect(await second.json()).toEqual(answer);
      expect(await notificationsOf(project.id)).toEqual([
        { change_set_id: changeSetId, changes: recordedNotice },
      ]);
    });

    it('builds the notice from the change set the server recorded, never from what the client says changed', async () => {
      const project = await createProject(owner);
      const { changeSetId } = projectUpdateResultSchema.parse(
        await (await patch(owner, project.id, { groupSize: '3' })).json(),
      );
      const forged = [
        { field: 'destination', label: 'Trek', before: 'Lares', after: 'Free trip, call +1 555' },
      ];
      const res = await notify(owner, project.id, { changeSetId, changes: forged });
      expect(res.status).toBe(202);
      const [notice] = await notificationsOf(project.id);
      expect(JSON.stringify(notice?.changes)).not.toContain('Free trip');
      expect(notice?.changes).toEqual(recordedNotice);
    });

    it('refuses a change set of another project, or none, and bad bodies', async () => {
      const project = await createProject(owner);
      const other = await createProject(owner);
      const { changeSetId } = projectUpdateResultSchema.parse(
        await (await patch(owner, other.id, { groupSize: '3' })).json(),
      );
      const elsewhere = await notify(owner, project.id, { changeSetId, changes });
      expect(elsewhere.status).toBe(404);
      for (const body of [
        { changeSetId: 'not-a-uuid', changes },
        { changeSetId, changes: [] },
        { changeSetId, changes: [{ field: 'groupSize' }] },
        { changeSetId, changes, extra: true },
      ]) {
        expect((await notify(owner, other.id, body)).status).toBe(400);
      }
      expect(await notificationsOf(project.id)).toEqual([]);
      expect(await notificationsOf(other.id)).toEqual([]);
    });
  });

  describe('DELETE /api/projects/:id', () => {
    it('removes the project with its history and notices, and nothing of other projects', async () => {
      const project = await createProject(owner);
      const kept = await createProject(owner);
      for (const target of [project, kept]) {
        const { changeSetId } = projectUpdateResultSchema.parse(
          await (await patch(owner, target.id, { groupSize: '3' })).json(),
        );
        await api.request('POST', `/api/projects/${target.id}/notify-guides`, {
          as: owner,
          body: {
            changeSetId,
            changes: [{ field: 'groupSize', label: 'Travelers', before: '2', after: '3' }],
          },
        });
      }
      // The group size and the description written from it.
      expect(await changesOf(project.id)).toHaveLength(2);
      expect(await notificationsOf(project.id)).toHaveLength(1);

      const res = await api.request('DELETE', `/api/projects/${project.id}`, { as: owner });
      expect(res.status).toBe(200);
      expect(await changesOf(project.id)).toEqual([]);
      expect(await notificationsOf(project.id)).toEqual([]);
      const { rows } = await api.db.query('select 1 from projects where id = $1', [project.id]);
      expect(rows).toEqual([]);
      expect(await changesOf(kept.id)).toHaveLength(2);
      expect(await notificationsOf(kept.id)).toHaveLength(1);
    });
  });
});

import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { buildProject } from '@trek/shared/testing/builders';
import { apiError, json, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { PROJECTS_FIRST_READ } from '../contract/index.js';
import { createQueryClient } from '../query-client';
import type { CreateProjectBody } from '../schemas/project';
import { type NotifyGuidesBody, notifyGuidesBodySchema } from '../schemas/project-update';
import {
  clearPendingGuideNotices,
  keepPendingGuideNotice,
  pendingGuideNoticeOf,
  pendingGuideNoticesOf,
} from '../storage/pending-guide-notices';
import {
  createProjectMutationOptions,
  deleteProjectMutationOptions,
  notifyGuidesMutationOptions,
  notifyPendingGuidesMutationOptions,
  projectQueryOptions,
  projectsQueryOptions,
  updateProjectMutationOptions,
} from './projects';

describe('project calls', () => {
  it('creating a request refreshes the list and caches the new project itself', async () => {
    const project = buildProject();
    const api = mockApi({
      routes: {
        'POST /api/projects': json(project, 201),
        'GET /api/projects': json([project]),
      },
    });
    const client = createQueryClient();
    client.setQueryData(projectsQueryOptions().queryKey, []);
    const observer = new MutationObserver(client, createProjectMutationOptions());
    await observer.mutate({} as CreateProjectBody);

    expect(client.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryData(projectQueryOptions(project.id).queryKey)).toEqual(project);
    expect(api.callsTo('POST /api/projects')).toHaveLength(1);
  });

  it('reads every page of the list, the largest pages first', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => buildProject({ id: `p${from + i}` }));
    const api = mockApi({
      routes: {
        'GET /api/projects': ({ url }) =>
          json(url.searchParams.get('after') ? page(100, 3) : page(0, 100)),
      },
    });
    const projects = await createQueryClient().fetchQuery(projectsQueryOptions());
    expect(projects).toHaveLength(103);
    const calls = api.callsTo('GET /api/projects');
    expect(calls.map((call) => call.url.search)).toEqual(['?limit=100', '?limit=100&after=p99']);
    // The host's server preloads the first one for a signed-in page: the very same request.
    expect(`${calls[0]?.url.pathname}${calls[0]?.url.search}`).toBe(PROJECTS_FIRST_READ);
    expect(api.fetch.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it("reads with the query's abort signal", async () => {
    const api = mockApi({ routes: { 'GET /api/projects': json([]) } });
    await createQueryClient().fetchQuery(projectsQueryOptions());
    expect(api.fetch.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('saving an edit sends the changes only, caches the saved project, reads it again and refreshes the list', async () => {
    const before = buildProject({ groupSize: 2 });
    const saved = buildProject({ groupSize: 3 });
    const changeSetId = '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const api = mockApi({
      routes: {
        'PATCH /api/projects/:id': json({ project: saved, changeSetId }),
        'GET /api/projects/:id': json(saved),
      },
    });
    const client = createQueryClient();
    client.setQueryData(projectQueryOptions(before.id).queryKey, before);
    client.setQueryData(projectsQueryOptions().queryKey, [before]);
    // The page on screen observes the project.
    const unsubscribe = new QueryObserver(client, projectQueryOptions(before.id)).subscribe(
      () => {},
    );
    const observer = new MutationObserver(client, updateProjectMutationOptions());
    const result = await observer.mutate({ id: before.id, changes: { groupSize: '3' } });

    expect(result.changeSetId).toBe(changeSetId);
    expect(api.callsTo('PATCH /api/projects/:id')[0]?.body).toEqual({ groupSize: '3' });
    expect(client.getQueryData(projectQueryOptions(before.id).queryKey)).toEqual(saved);
    await vi.waitFor(() => expect(api.callsTo('GET /api/projects/:id')).toHaveLength(1));
    expect(client.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('saving an edit of a project found gone (404) takes it out of the cache and the list', async () => {
    const gone = buildProject({ id: 'gone' });
    const kept = buildProject({ id: 'kept' });
    mockApi({
      routes: { 'PATCH /api/projects/:id': apiError(404, 'NOT_FOUND', 'Project not found') },
    });
    const client = createQueryClient();
    client.setQueryData(projectQueryOptions(gone.id).queryKey, gone);
    client.setQueryData(projectsQueryOptions().queryKey, [gone, kept]);
    const observer = new MutationObserver(client, updateProjectMutationOptions());
    await expect(observer.mutate({ id: gone.id, changes: { groupSize: '3' } })).rejects.toThrow(
      '404',
    );

    expect(client.getQueryState(projectQueryOptions(gone.id).queryKey)).toBeUndefined();
    expect(client.getQueryData(projectsQueryOptions().queryKey)).toEqual([kept]);
    expect(client.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });

  it('saving an edit that failed otherwise keeps the project where it was', async () => {
    const project = buildProject();
    mockApi({
      routes: { 'PATCH /api/projects/:id': apiError(500, 'INTERNAL', 'Internal server error') },
    });
    const client = createQueryClient();
    client.setQueryData(projectQueryOptions(project.id).queryKey, project);
    const observer = new MutationObserver(client, updateProjectMutationOptions());
    await expect(observer.mutate({ id: project.id, changes: { groupSize: '3' } })).rejects.toThrow(
      '500',
    );
    expect(client.getQueryData(projectQueryOptions(project.id).queryKey)).toEqual(project);
  });

  it("a page shows its route's failed read instead of sending it again", async () => {
    const api = mockApi({
      routes: { 'GET /api/projects/:id': apiError(503, 'INTERNAL', 'Unavailable') },
    });
    const client = createQueryClient();
    // The host starts the read with the route; the page's code arrives after the answer.
    await client.prefetchQuery(projectQueryOptions('p1'));
    const page = new QueryObserver(client, projectQueryOptions('p1'));
    const unsubscribe = page.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.getCurrentResult().isError).toBe(true);
    expect(api.callsTo('GET /api/projects/:id')).toHaveLength(1);
    unsubscribe();
    // Entering the route again reads it anew.
    await client.prefetchQuery(projectQueryOptions('p1'));
    expect(api.callsTo('GET /api/projects/:id')).toHaveLength(2);
  });

  it('notifying guides posts the change set and its changes', async () => {
    const api = mockApi({
      routes: {
        'POST /api/projects/:id/notify-guides': json(
          { changeSetId: '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', queuedAt: '2026-01-05T10:00:00Z' },
          202,
        ),
      },
    });
    const notice = {
      changeSetId: '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      changes: [{ field: 'groupSize', label: 'Travelers', before: '2', after: '3' }],
    };
    const observer = new MutationObserver(createQueryClient(), notifyGuidesMutationOptions());
    await observer.mutate({ id: 'p1', notice });
    expect(api.callsTo('POST /api/projects/:id/notify-guides')[0]?.body).toEqual(notice);
  });

  it('keeps a notice that could not be sent for the project page, until it is sent', async () => {
    const notice = {
      changeSetId: '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      changes: [{ field: 'travelers', label: 'Travelers', before: '2', after: '3' }],
    };
    let answer = apiError(500, 'INTERNAL', 'Internal server error');
    mockApi({ routes: { 'POST /api/projects/:id/notify-guides': () => answer } });
    const observer = new MutationObserver(createQueryClient(), notifyGuidesMutationOptions());
    await expect(observer.mutate({ id: 'p1', notice })).rejects.toThrow('500');
    expect(pendingGuideNoticeOf('p1')).toEqual(notice);
    expect(pendingGuideNoticeOf('p2')).toBeNull();

    answer = json({ changeSetId: notice.changeSetId, queuedAt: '2026-01-05T10:00:00Z' }, 202);
    await observer.mutate({ id: 'p1', notice });
    expect(pendingGuideNoticeOf('p1')).toBeNull();

    // A project that is gone has nobody left to tell.
    answer = apiError(404, 'NOT_FOUND', 'Project not found');
    await expect(observer.mutate({ id: 'p1', notice })).rejects.toThrow('404');
    expect(pendingGuideNoticeOf('p1')).toBeNull();
  });

  it('keeps the notice of an earlier edit when a later one fails too, and sends it first when a later one is notified', async () => {
    const first = {
      changeSetId: '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      changes: [{ field: 'travelers', label: 'Travelers', before: '2', after: '3' }],
    };
    const second = {
      changeSetId: '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a',
      changes: [{ field: 'travelers', label: 'Travelers', before: '3', after: '4' }],
    };
    let status = 500;
    const api = mockApi({
      routes: {
        'POST /api/projects/:id/notify-guides': () =>
          status === 202
            ? json({ changeSetId: second.changeSetId, queuedAt: '2026-01-05T10:00:00Z' }, 202)
            : apiError(status, status === 404 ? 'NOT_FOUND' : 'INTERNAL', 'Failed'),
      },
    });
    const sent = () => api.callsTo('POST /api/projects/:id/notify-guides').map((call) => call.body);
    const observer = new MutationObserver(createQueryClient(), notifyGuidesMutationOptions());
    // Edit 1 saved, its notice not sent ('Partially saved').
    await expect(observer.mutate({ id: 'p1', notice: first })).rejects.toThrow('500');

    // Edit 2's notice fails too: both wait, in order.
    await expect(observer.mutate({ id: 'p1', notice: second })).rejects.toThrow('500');
    expect(pendingGuideNoticesOf('p1')).toEqual([first, second]);

    // Edit 2 notified again (say, a retry): edit 1's goes first, then edit 2's; none waits.
    status = 202;
    await observer.mutate({ id: 'p1', notice: second });
    expect(sent().slice(-2)).toEqual([first, second]);
    expect(pendingGuideNoticesOf('p1')).toEqual([]);

    // Edit 3 saved while edit 1's notice waits, and the guides' side fails at edit 1: both wait.
    keepPendingGuideNotice('p1', first);
    status = 503;
    const third = { ...second, changeSetId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f' };
    await expect(observer.mutate({ id: 'p1', notice: third })).rejects.toThrow('503');
    expect(sent().at(-1)).toEqual(first);
    expect(pendingGuideNoticesOf('p1')).toEqual([first, third]);
    clearPendingGuideNotices('p1');
    keepPendingGuideNotice('p1', first);

    // A 404: the project is gone, and nobody is left to tell of any of its edits.
    keepPendingGuideNotice('p1', second);
    keepPendingGuideNotice('p2', second);
    status = 404;
    await expect(observer.mutate({ id: 'p1', notice: second })).rejects.toThrow('404');
    expect(pendingGuideNoticesOf('p1')).toEqual([]);
    expect(pendingGuideNoticesOf('p2')).toEqual([second]);
  });

  it('sends every notice kept for a project, in order, and stops at the first failure', async () => {
    const noticeOf = (changeSetId: string, after: string): NotifyGuidesBody => ({
      changeSetId,
      changes: [{ field: 'travelers', label: 'Travelers', before: '2', after }],
    });
    const first = noticeOf('3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', '3');
    const second = noticeOf('9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a', '4');
    const third = noticeOf('c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', '5');
    for (const notice of [first, second, third]) keepPendingGuideNotice('p1', notice);
    keepPendingGuideNotice('p2', first);
    let failing: string | null = second.changeSetId;
    const api = mockApi({
      routes: {
        'POST /api/projects/:id/notify-guides': ({ body }) => {
          const { changeSetId } = notifyGuidesBodySchema.parse(body);
          return changeSetId === failing
            ? apiError(503, 'INTERNAL', 'Unavailable')
            : json({ changeSetId, queuedAt: '2026-01-05T10:00:00Z' }, 202);
        },
      },
    });
    const sent = () => api.callsTo('POST /api/projects/:id/notify-guides').map((call) => call.body);
    const observer = new MutationObserver(
      createQueryClient(),
      notifyPendingGuidesMutationOptions(),
    );

    await expect(observer.mutate('p1')).rejects.toThrow('503');
    expect(sent()).toEqual([first, second]);
    expect(pendingGuideNoticesOf('p1')).toEqual([second, third]);

    failing = null;
    await observer.mutate('p1');
    expect(sent()).toEqual([first, second, second, third]);
    expect(pendingGuideNoticesOf('p1')).toEqual([]);
    expect(pendingGuideNoticesOf('p2')).toEqual([first]);
  });

  it.each([
    ['deleted', json({ id: 'gone', deleted: true })],
    ['already gone (404)', apiError(404, 'NOT_FOUND', 'Project not found')],
  ])('a cancelled project (%s) leaves the cache and the list', async (_case, answer) => {
    const gone = buildProject({ id: 'gone' });
    const kept = buildProject({ id: 'kept' });
    mockApi({ routes: { 'DELETE /api/projects/:id': answer } });
    const client = createQueryClient();
    client.setQueryData(projectQueryOptions(gone.id).queryKey, gone);
    client.setQueryData(projectsQueryOptions().queryKey, [gone, kept]);
    const observer = new MutationObserver(client, deleteProjectMutationOptions());
    await observer.mutate(gone.id).catch(() => undefined);

    expect(client.getQueryState(projectQueryOptions(gone.id).queryKey)).toBeUndefined();
    expect(client.getQueryData(projectsQueryOptions().queryKey)).toEqual([kept]);
    expect(client.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });

  it('a cancel that failed otherwise keeps the project where it was', async () => {
    const project = buildProject();
    mockApi({
      routes: { 'DELETE /api/projects/:id': apiError(500, 'INTERNAL', 'Internal server error') },
    });
    const client = createQueryClient();
    client.setQueryData(projectQueryOptions(project.id).queryKey, project);
    const observer = new MutationObserver(client, deleteProjectMutationOptions());
    await expect(observer.mutate(project.id)).rejects.toThrow('500');
    expect(client.getQueryData(projectQueryOptions(project.id).queryKey)).toEqual(project);
  });
});

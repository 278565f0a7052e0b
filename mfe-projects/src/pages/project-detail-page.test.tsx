import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectQueryOptions, projectsQueryOptions, STORAGE_KEYS } from '@trek/shared';
import { buildProject } from '@trek/shared/testing/builders';
import { apiError, json, mockApi, never } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { heldReads } from '../test/held-reads';
import { renderProjectsApp } from '../test/render';

const ID = '6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90';
const project = buildProject({
  id: ID,
  title: 'Lares',
  createdAt: new Date(2026, 0, 5, 14, 30).toISOString(),
  startDate: '2030-01-07',
  endDate: '2030-01-10',
  groupSize: 2,
  language: 'English, Spanish',
  flexible: true,
  flexibilityWindowDays: 1,
});

/**
 * An edit saved while the guides could not be told: the notice kept in the browser, and an API
 * that queues it when sent.
 */
function withPendingGuideNotice() {
  const changeSetId = '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
  const notice = {
    changeSetId,
    changes: [
      { field: 'travelers', label: 'Travelers', before: '2 travelers', after: '3 travelers' },
    ],
  };
  // Kept the way sites up to @trek/shared 4.10 kept it: still offered.
  localStorage.setItem(STORAGE_KEYS.pendingGuideNotices, JSON.stringify({ [ID]: notice }));
  const api = mockApi({
    routes: {
      'GET /api/projects/:id': json(project),
      'POST /api/projects/:id/notify-guides': json(
        { changeSetId, queuedAt: '2026-01-05T10:00:00Z' },
        202,
      ),
    },
  });
  return { api, notice };
}

describe('the project page (exposed as projects/ProjectDetailPage)', () => {
  it('shows the project: id, created date, status, Trek Overview and Guide Offers', async () => {
    mockApi({ routes: { 'GET /api/projects/:id': json(project) } });
    renderProjectsApp(`/u/projects/${ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Lares' })).toBeTruthy();
    expect(screen.getByText(ID)).toBeTruthy();
    expect(screen.getByText('Created: Mon 05 Jan 2026 at 14:30')).toBeTruthy();
    expect(screen.getByText('Pending guide responses')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Projects' }).getAttribute('href')).toBe(
      '/u/projects',
    );
    expect(screen.getByRole('link', { name: 'Modify project' }).getAttribute('href')).toBe(
      `/u/projects/${ID}/edit`,
    );
    const overview = screen.getByRole('region', { name: 'Trek Overview' });
    for (const text of [
      'Lares',
      'Mon 07 Jan 2030 – Thu 10 Jan 2030 (±1 day)',
      '4 days / 3 nights',
      '2 travelers',
      'English, Spanish',
    ]) {
      expect(within(overview).getByText(text), text).toBeTruthy();
    }
    expect(within(overview).getByRole('img', { name: 'The Lares trek' })).toBeTruthy();
    expect(
      screen.getByText('No offers received yet. Guides will be notified about your trek request.'),
    ).toBeTruthy();
  });

  it('keeps a level-1 heading while the project is read, as the loaded page has its title', async () => {
    mockApi({ routes: { 'GET /api/projects/:id': never } });
    renderProjectsApp(`/u/projects/${ID}`);
    expect(await screen.findByText('Loading project…')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Project details' })).toBeTruthy();
  });

  it('is also at /projects/:id, and says when the created date cannot be read', async () => {
    mockApi({ routes: { 'GET /api/projects/:id': json({ ...project, createdAt: 'yesterday' }) } });
    renderProjectsApp(`/projects/${ID}`);
    expect(await screen.findByText('Created: Date not available')).toBeTruthy();
  });

  it('prefers the answers saved in this browser while they still describe the project', async () => {
    mockApi({ routes: { 'GET /api/projects/:id': json({ ...project, duration: null }) } });
    localStorage.setItem(
      STORAGE_KEYS.originalFormData,
      JSON.stringify({
        projectId: ID,
        trek: 'Lares',
        dates: { start: '2030-01-07', end: '2030-01-10', flexible: true, flexibilityWindowDays: 1 },
        duration: '4 days / 3 nights',
        travelers: 2,
      }),
    );
    renderProjectsApp(`/u/projects/${ID}`);
    const overview = await screen.findByRole('region', { name: 'Trek Overview' });
    expect(within(overview).getByText('4 days / 3 nights')).toBeTruthy();
  });

  it("shows 'Project not found' for a missing, malformed or someone else's project", async () => {
    mockApi({
      routes: { 'GET /api/projects/:id': apiError(404, 'NOT_FOUND', 'Project not found') },
    });
    renderProjectsApp('/u/projects/not-a-project');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project not found' }),
    ).toBeTruthy();
    // The host's route announcer reads the title out when this replaces the loading page.
    await waitFor(() => expect(document.title).toBe('Project not found | TrekPeru'));
    expect(screen.getByRole('link', { name: 'Back to My Projects' }).getAttribute('href')).toBe(
      '/u/projects',
    );
  });

  it('says when the project could not be read, and reads it again on retry', async () => {
    let calls = 0;
    mockApi({
      routes: {
        'GET /api/projects/:id': () => {
          calls += 1;
          return calls === 1 ? apiError(500, 'INTERNAL', 'Internal server error') : json(project);
        },
      },
    });
    const user = userEvent.setup();
    renderProjectsApp(`/u/projects/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Failed to fetch project' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Failed to fetch project | TrekPeru'));
    // A first page: nothing had the focus, and the page does not take it.
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lares' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Project details | TrekPeru'));
  });

  it('keeps the project on screen when it is read again and that read fails; a 404 says it is gone', async () => {
    let answer = () => json(project);
    mockApi({ routes: { 'GET /api/projects/:id': () => answer() } });
    const { queryClient } = renderProjectsApp(`/u/projects/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lares' })).toBeTruthy();
    const detail = projectQueryOptions(ID).queryKey;

    // Read again (as after a save) and refused: a blip does not take the project away.
    answer = () => apiError(500, 'INTERNAL', 'Internal server error');
    await act(() => queryClient.refetchQueries({ queryKey: detail }));
    // The query's observers hear of it on a later tick: let the page render what it would.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(queryClient.getQueryState(detail)?.status).toBe('error');
    expect(screen.getByRole('heading', { level: 1, name: 'Lares' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel project' })).toBeTruthy();
    expect(screen.queryByText('Failed to fetch project')).toBeNull();
    expect(document.title).toBe('Project details | TrekPeru');

    // Cancelled elsewhere: the project is gone, whatever was on screen.
    answer = () => apiError(404, 'NOT_FOUND', 'Project not found');
    await act(() => queryClient.refetchQueries({ queryKey: detail }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project not found' }),
    ).toBeTruthy();
  });

  it('keeps the keyboard on Try again while the project is asked again, says when it fails again, and gives the heading the keyboard once it loads', async () => {
    const failed = () => apiError(500, 'INTERNAL', 'Internal server error');
    const reads = heldReads(failed);
    mockApi({ routes: { 'GET /api/projects/:id': reads.route } });
    renderProjectsApp(`/u/projects/${ID}`);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    // Asked again: the message and its busy Try again stay, focused (not a skeleton, not <body>).
    await waitFor(() => expect(retry.getAttribute('aria-disabled')).toBe('true'));
    expect(retry.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(retry);
    // It fails again: the same Try again, focused, ready, and the failure is read out.
    await reads.answer(failed());
    await waitFor(() => expect(retry.hasAttribute('aria-disabled')).toBe(false));
    expect(document.activeElement).toBe(retry);
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to fetch project' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe("Still couldn't load. Try again later.");
    await userEvent.keyboard('{Enter}');
    await reads.answer(json(project));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Lares' })),
    );
  });

  it('cancels: Keep project closes the dialog; Delete project deletes and goes to My Projects', async () => {
    const api = mockApi({
      routes: {
        'GET /api/projects/:id': json(project),
        'DELETE /api/projects/:id': json({ id: ID, deleted: true }),
        'GET /api/projects': json([]),
      },
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderProjectsApp(`/u/projects/${ID}`);
    queryClient.setQueryData(projectsQueryOptions().queryKey, [project]);

    const cancel = await screen.findByRole('button', { name: 'Cancel project' });
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this project?' });
    for (const text of [/permanently deleted/, /cannot be undone/, /details .* will be lost/]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(within(dialog).getByText(/Guide offers and conversations/)).toBeTruthy();
    expect(within(dialog).getByText(/create a new project/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep project' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/projects/:id')).toHaveLength(0);
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(cancel));

    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/projects'));
    expect(api.callsTo('DELETE /api/projects/:id')).toHaveLength(1);
    expect(screen.getByText('Project cancelled')).toBeTruthy();
    // The list was refreshed: it no longer holds the project, and is read again.
    expect(
      await screen.findByRole('link', { name: 'Create Your First Trek Request' }),
    ).toBeTruthy();
  });

  it("keeps the project when the delete fails, saying 'Failed to delete project'", async () => {
    mockApi({
      routes: {
        'GET /api/projects/:id': json(project),
        'DELETE /api/projects/:id': apiError(500, 'INTERNAL', 'Internal server error'),
      },
    });
    const user = userEvent.setup();
    const { router } = renderProjectsApp(`/u/projects/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel project' }));
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    expect(await screen.findByText('Failed to delete project')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}`);
    expect(screen.getByRole('button', { name: 'Delete project' })).toBeTruthy();
  });

  it('offers to notify guides again after a partially saved edit', async () => {
    const { api, notice } = withPendingGuideNotice();
    const user = userEvent.setup();
    renderProjectsApp(`/u/projects/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Notify guides' }));
    expect(await screen.findByText('Guides notified')).toBeTruthy();
    expect(api.callsTo('POST /api/projects/:id/notify-guides')[0]?.body).toEqual(notice);
    expect(screen.queryByRole('button', { name: 'Notify guides' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.guideNoticesToSend)).toBe('{}');
    expect(localStorage.getItem(STORAGE_KEYS.pendingGuideNotices)).toBeNull();
  });

  it("sends one DELETE for a double click; 'Deleting...' keeps the focus", async () => {
    const api = mockApi({
      routes: { 'GET /api/projects/:id': json(project), 'DELETE /api/projects/:id': () => never() },
    });
    const user = userEvent.setup();
    renderProjectsApp(`/u/projects/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel project' }));
    const remove = screen.getByRole('button', { name: 'Delete project' });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(remove);
    await waitFor(() => expect(api.callsTo('DELETE /api/projects/:id')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBe(remove);
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(remove, { key: 'Enter' });
    fireEvent.click(remove);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('DELETE /api/projects/:id')).toHaveLength(1);
  });

  it("keeps focus on 'Delete project' when the delete fails, to try again", async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      routes: {
        'GET /api/projects/:id': json(project),
        'DELETE /api/projects/:id': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const user = userEvent.setup();
    renderProjectsApp(`/u/projects/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel project' }));
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    const deleting = await screen.findByRole('button', { name: 'Deleting...' });
    // Not the native `disabled`, from which Chromium moves the focus to <body>.
    expect(deleting.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(deleting);
    answer(apiError(500, 'INTERNAL', 'Internal server error'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to delete project')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete project' }));
  });

  it('notifies guides once for a double click, then gives focus to the heading', async () => {
    const { api } = withPendingGuideNotice();
    renderProjectsApp(`/u/projects/${ID}`);
    const notify = await screen.findByRole('button', { name: 'Notify guides' });
    notify.focus();
    fireEvent.click(notify);
    fireEvent.click(notify);
    expect(await screen.findByText('Guides notified')).toBeTruthy();
    expect(api.callsTo('POST /api/projects/:id/notify-guides')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Lares' })),
    );
  });
});

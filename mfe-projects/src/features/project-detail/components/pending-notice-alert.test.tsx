import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createQueryClient,
  pendingGuideNoticesOf,
  projectQueryOptions,
  projectsQueryOptions,
  STORAGE_KEYS,
} from '@trek/shared';
import { buildProject } from '@trek/shared/testing/builders';
import { apiError, json, mockApi } from '@trek/shared/testing/mock-api';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it } from 'vitest';
import { PendingNoticeAlert } from './pending-notice-alert';

const ID = '6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90';
const noticeOf = (changeSetId: string, before: string, after: string) => ({
  changeSetId,
  changes: [{ field: 'travelers', label: 'Travelers', before, after }],
});
// Two saves whose notices both failed ('Partially saved' twice).
const first = noticeOf('3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', '2 travelers', '3 travelers');
const second = noticeOf('9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a', '3 travelers', '4 travelers');

/** Both kept in this browser, and an API that queues each notice unless `failing` says no. */
function withTwoPendingNotices(failing: (changeSetId: string) => boolean) {
  localStorage.setItem(STORAGE_KEYS.guideNoticesToSend, JSON.stringify({ [ID]: [first, second] }));
  return mockApi({
    routes: {
      'POST /api/projects/:id/notify-guides': ({ body }) => {
        const changeSetId = [first, second].find(
          (notice) => JSON.stringify(notice) === JSON.stringify(body),
        )?.changeSetId;
        // Anything else than one of the two notices, as it was kept, is refused.
        return !changeSetId || failing(changeSetId)
          ? apiError(503, 'INTERNAL', 'Unavailable')
          : json({ changeSetId, queuedAt: '2026-01-05T10:00:00Z' }, 202);
      },
    },
  });
}

function renderAlert() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <h1 tabIndex={-1}>Lares</h1>
          <PendingNoticeAlert
            projectId={ID}
            focusWhenSent={() => screen.getByRole('heading', { level: 1 })}
          />
        </>
      ),
    },
  ]);
}

const sentBodies = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST /api/projects/:id/notify-guides').map((call) => call.body);

describe('PendingNoticeAlert', () => {
  it('sends every notice still waiting with one click, in order, and then goes', async () => {
    const api = withTwoPendingNotices(() => false);
    const user = userEvent.setup();
    renderAlert();
    await user.click(screen.getByRole('button', { name: 'Notify guides' }));

    expect(await screen.findByText('Guides notified')).toBeTruthy();
    expect(sentBodies(api)).toEqual([first, second]);
    expect(screen.getAllByText('Guides notified')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Notify guides' })).toBeNull();
    expect(pendingGuideNoticesOf(ID)).toEqual([]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it('stays with the notice that failed, says so once, and sends it on the next click', async () => {
    let secondFails = true;
    const api = withTwoPendingNotices(
      (changeSetId) => secondFails && changeSetId === second.changeSetId,
    );
    const user = userEvent.setup();
    renderAlert();
    await user.click(screen.getByRole('button', { name: 'Notify guides' }));

    expect(await screen.findByText('Notification failed')).toBeTruthy();
    expect(screen.getAllByText('Notification failed')).toHaveLength(1);
    expect(screen.queryByText('Guides notified')).toBeNull();
    expect(sentBodies(api)).toEqual([first, second]);
    expect(pendingGuideNoticesOf(ID)).toEqual([second]);
    const notify = screen.getByRole('button', { name: 'Notify guides' });
    expect(document.activeElement).toBe(notify);

    secondFails = false;
    await user.click(notify);
    expect(await screen.findByText('Guides notified')).toBeTruthy();
    expect(sentBodies(api)).toEqual([first, second, second]);
    expect(screen.queryByRole('button', { name: 'Notify guides' })).toBeNull();
  });
});

describe('PendingNoticeAlert: a project deleted meanwhile (another tab)', () => {
  it('forgets the project, says it is gone, and takes the traveler to My Projects', async () => {
    localStorage.setItem(STORAGE_KEYS.guideNoticesToSend, JSON.stringify({ [ID]: [first] }));
    const api = mockApi({
      routes: {
        'POST /api/projects/:id/notify-guides': apiError(404, 'NOT_FOUND', 'Project not found'),
        'GET /api/projects': json([]),
      },
    });
    const project = buildProject({ id: ID, title: 'Lares' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(projectQueryOptions(ID).queryKey, project);
    queryClient.setQueryData(projectsQueryOptions().queryKey, [project]);
    const { router } = renderRoutes(
      [
        {
          path: '/u/projects/:id',
          element: <PendingNoticeAlert projectId={ID} focusWhenSent={() => null} />,
        },
        { path: '/u/projects', element: <h1>My Projects</h1> },
      ],
      { path: `/u/projects/${ID}`, queryClient },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Notify guides' }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Project not found');
    expect(toast.textContent).toContain('This project no longer exists');
    expect(toast.textContent).not.toContain('try again');
    await screen.findByRole('heading', { name: 'My Projects' });
    expect(router.state.location.pathname).toBe('/u/projects');
    expect(sentBodies(api)).toEqual([first]);
    expect(pendingGuideNoticesOf(ID)).toEqual([]);
    // Gone from the cache as a cancelled project is: its page reads it again, the list drops it.
    expect(queryClient.getQueryData(projectQueryOptions(ID).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(projectsQueryOptions().queryKey)).toEqual([]);
  });
});

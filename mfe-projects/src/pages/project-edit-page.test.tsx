import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS, pendingGuideNoticesOf, projectQueryOptions, userQueryOptions } from '@trek/shared';
import { buildProject, buildUser } from '@trek/shared/testing/builders';
import {
  apiError,
  heldAnswer,
  json,
  type MockRoute,
  mockApi,
  never,
} from '@trek/shared/testing/mock-api';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { heldReads } from '../test/held-reads';
import { renderProjectsApp } from '../test/render';

const CHANGE_SET = '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
// The builder's Lares trek (January 2030, fixed dates), for two.
const project = buildProject({ groupSize: 2 });
const ID = project.id;

/** The API: the project as last saved (the page reads it again after a save). */
function mockEditApi(routes: Record<string, MockRoute> = {}) {
  let stored = project;
  return mockApi({
    routes: {
      'GET /api/projects/:id': () => json(stored),
      'PATCH /api/projects/:id': ({ body }) => {
        const { groupSize, ...changes } = body as { groupSize?: string };
        stored = { ...stored, ...changes, groupSize: Number(groupSize ?? stored.groupSize) };
        return json({ project: stored, changeSetId: CHANGE_SET });
      },
      'POST /api/projects/:id/notify-guides': json(
        { changeSetId: CHANGE_SET, queuedAt: '2026-01-05T10:00:00Z' },
        202,
      ),
      ...routes,
    },
  });
}

async function openEditPage() {
  const user = userEvent.setup();
  const app = renderProjectsApp(`/u/projects/${ID}/edit`);
  await screen.findByRole('heading', { level: 1, name: 'Edit Project Overview' });
  await screen.findByRole('region', { name: 'Trek' });
  return { user, ...app };
}

const row = (name: string) => screen.getByRole('region', { name });

/** What the review dialog says while a navigation waits for the save. */
const HELD = 'Your changes are being saved; the page will change once they are.';

// The dates editor is loaded lazily by the page: load it once here, so a busy machine does not
// make a test wait for it.
beforeAll(() => import('../features/project-edit/components/dates-editor'));

describe('the edit page (exposed as projects/ProjectEditPage)', () => {
  it("says 'Loading project details...' while the project is read", async () => {
    mockEditApi({ 'GET /api/projects/:id': never });
    renderProjectsApp(`/u/projects/${ID}/edit`);
    expect(await screen.findByText('Loading project details...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Project Overview' })).toBeTruthy();
  });

  it("shows 'Project not found' for a project that is not the traveler's", async () => {
    mockEditApi({
      'GET /api/projects/:id': apiError(404, 'NOT_FOUND', 'Project not found'),
    });
    renderProjectsApp(`/u/projects/${ID}/edit`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project not found' }),
    ).toBeTruthy();
    // The host's route announcer reads the title out when this replaces the loading page.
    await waitFor(() => expect(document.title).toBe('Project not found | TrekPeru'));
    expect(
      screen.getByText(
        "The project you're looking for doesn't exist or you don't have access to it.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Projects' })).toBeTruthy();
  });

  it('keeps the keyboard on Try again while the project is asked again, says when it fails again, and gives the heading the keyboard once it loads', async () => {
    const failed = () => apiError(500, 'INTERNAL', 'Internal server error');
    const reads = heldReads(failed);
    mockApi({ routes: { 'GET /api/projects/:id': reads.route } });
    renderProjectsApp(`/u/projects/${ID}/edit`);
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
    expect(screen.getByRole('heading', { level: 1, name: 'Project not found' })).toBeTruthy();
    expect(document.title).toBe('Project not found | TrekPeru');
    expect(screen.getByRole('status').textContent).toBe("Still couldn't load. Try again later.");
    await userEvent.keyboard('{Enter}');
    await reads.answer(json(project));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Edit Project Overview' }),
      ),
    );
    expect(document.title).toBe('Edit Project Overview | TrekPeru');
  });

  it('edits the travelers inline, reviews, saves only that field and notifies guides', async () => {
    const api = mockEditApi();
    const { user, router, queryClient } = await openEditPage();
    const review = screen.getByRole('button', { name: 'Review & Confirm' });
    expect(review.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Discard changes' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    const input = within(row('Travelers')).getByRole('textbox', { name: 'Number of travelers' });
    expect(document.activeElement).toBe(input);
    await user.clear(input);
    await user.type(input, '3');
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Save travelers' }));
    expect(within(row('Travelers')).getByText('3 travelers')).toBeTruthy();
    expect(within(row('Travelers')).getByText('Edited')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }),
    );

    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    // The keyboard starts on the dialog's safe choice, not on its close icon.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Back to editing' }),
      ),
    );
    expect(within(dialog).getByText(/24–48 hours/)).toBeTruthy();
    expect(within(dialog).getByText('Travelers')).toBeTruthy();
    expect(within(dialog).getByText('2 travelers')).toBeTruthy();
    expect(within(dialog).getByText('3 travelers')).toBeTruthy();
    // No trek change, no acknowledgement.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
    expect(api.callsTo('PATCH /api/projects/:id').map((call) => call.body)).toEqual([
      { groupSize: '3' },
    ]);
    expect(api.callsTo('POST /api/projects/:id/notify-guides')[0]?.body).toEqual({
      changeSetId: CHANGE_SET,
      changes: [
        { field: 'travelers', label: 'Travelers', before: '2 travelers', after: '3 travelers' },
      ],
    });
    expect(screen.getByText('Success')).toBeTruthy();
    expect(screen.getByText('Project updated and guides notified.')).toBeTruthy();
    expect(queryClient.getQueryData(projectQueryOptions(ID).queryKey)?.groupSize).toBe(3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lares' })).toBeTruthy();
    // The project is read again after the save (spec section 7).
    await waitFor(() => expect(api.callsTo('GET /api/projects/:id')).toHaveLength(2));
  });

  it("reads 'Saving...' on its busy confirm button, which keeps the keyboard and sends once", async () => {
    const held = heldAnswer();
    const api = mockEditApi({
      'PATCH /api/projects/:id': held.route,
    });
    const { user, router } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    const input = within(row('Travelers')).getByRole('textbox', { name: 'Number of travelers' });
    await user.clear(input);
    await user.type(input, '3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm changes' }));

    const busy = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(document.activeElement).toBe(busy);
    expect(within(dialog).getByRole('button', { name: 'Back to editing' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(busy);
    expect(api.callsTo('PATCH /api/projects/:id')).toHaveLength(1);

    held.answer(json({ project: { ...project, groupSize: 3 }, changeSetId: CHANGE_SET }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
    expect(api.callsTo('PATCH /api/projects/:id')).toHaveLength(1);
  });

  it('holds a navigation away while the save is on its way, without saying the edits are lost', async () => {
    const patch = heldAnswer();
    const notice = heldAnswer();
    mockEditApi({
      'PATCH /api/projects/:id': patch.route,
      'POST /api/projects/:id/notify-guides': notice.route,
    });
    const { user, router } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
    await screen.findByRole('button', { name: 'Saving...' });

    const review = screen.getByRole('dialog', { name: 'Confirm your updates' });
    expect(within(review).getByRole('status').textContent).toBe('');
    // The browser's Back (or a link) while the PATCH is on its way: held, and no question, but
    // the traveler is told why the page does not change.
    await act(() => router.navigate(PATHS.projects));
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}/edit`);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    expect(within(review).getByRole('status').textContent).toBe(HELD);

    // Saved, the guides not yet told: the form is clean, and leaving is still held.
    patch.answer(json({ project: { ...project, groupSize: 3 }, changeSetId: CHANGE_SET }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await act(() => router.navigate(PATHS.projects));
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}/edit`);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    // A reload or a closed tab gets the browser's prompt until the guides are told.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    expect(within(review).getByRole('status').textContent).toBe(HELD);

    notice.answer(json({ changeSetId: CHANGE_SET, queuedAt: '2026-01-05T10:00:00Z' }, 202));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('drops a navigation held by a save that fails: the form and the error stay, nothing is asked', async () => {
    const patch = heldAnswer();
    mockEditApi({ 'PATCH /api/projects/:id': patch.route });
    const { user, router } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
    await screen.findByRole('button', { name: 'Saving...' });
    await act(() => router.navigate(PATHS.projects));
    const review = screen.getByRole('dialog', { name: 'Confirm your updates' });
    expect(within(review).getByRole('status').textContent).toBe(HELD);

    patch.answer(apiError(500, 'INTERNAL', 'Internal server error'));
    await within(review).findByRole('alert');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}/edit`);
    expect(within(review).getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    expect(within(row('Travelers')).getByText('3 travelers')).toBeTruthy();
    // A later navigation is asked about, as the edits are still unsaved.
    await user.click(within(review).getByRole('button', { name: 'Back to editing' }));
    await user.click(screen.getByRole('link', { name: 'Back to project' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
  });

  it('never leads to the project page from a page that is gone when the save answers', async () => {
    const patch = heldAnswer();
    mockEditApi({ 'PATCH /api/projects/:id': patch.route });
    const { user, router, unmount } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
    await screen.findByRole('button', { name: 'Saving...' });

    unmount();
    await act(async () => {
      patch.answer(json({ project: { ...project, groupSize: 3 }, changeSetId: CHANGE_SET }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}/edit`);
  });

  it('keeps listing the reviewed changes, and the acknowledgement, while guides are notified', async () => {
    const ACKNOWLEDGEMENT = 'I understand this may reset ongoing proposals.';
    const notice = heldAnswer();
    const api = mockEditApi({ 'POST /api/projects/:id/notify-guides': notice.route });
    const { user, router, queryClient } = await openEditPage();
    await user.click(within(row('Trek')).getByRole('button', { name: 'Edit trek' }));
    await user.click(within(row('Trek')).getByRole('radio', { name: 'Salkantay' }));
    await user.click(within(row('Duration')).getByRole('radio', { name: /5 days \/ 4 nights/ }));
    await user.click(within(row('Duration')).getByRole('button', { name: 'Save duration' }));
    await user.click(within(row('Trek')).getByRole('button', { name: 'Save trek' }));
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    await user.click(within(dialog).getByRole('checkbox', { name: ACKNOWLEDGEMENT }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm changes' }));

    // Saved: the cached project is the saved one, and the form no longer differs from it.
    await waitFor(() =>
      expect(api.callsTo('POST /api/projects/:id/notify-guides')).toHaveLength(1),
    );
    expect(queryClient.getQueryData(projectQueryOptions(ID).queryKey)?.groupSize).toBe(3);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeTruthy();
    for (const text of ['Trek', 'Lares', 'Salkantay', 'Travelers', '2 travelers', '3 travelers']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(
      within(dialog).getByRole('checkbox', { name: ACKNOWLEDGEMENT, checked: true }),
    ).toBeTruthy();

    notice.answer(json({ changeSetId: CHANGE_SET, queuedAt: '2026-01-05T10:00:00Z' }, 202));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
  });

  it('keeps the review open when the read after the save fails, then shows the saved project', async () => {
    const notice = heldAnswer();
    let reads = 0;
    const api = mockEditApi({
      'GET /api/projects/:id': () => {
        reads += 1;
        return reads === 1 ? json(project) : apiError(500, 'INTERNAL', 'Internal server error');
      },
      'POST /api/projects/:id/notify-guides': notice.route,
    });
    const { user, router, queryClient } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm changes' }));

    // Saved, and the read that follows fails while the guides are being told.
    await waitFor(() =>
      expect(api.callsTo('POST /api/projects/:id/notify-guides')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(projectQueryOptions(ID).queryKey)?.status).toBe('error'),
    );
    expect(dialog.isConnected).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Project not found' })).toBeNull();

    notice.answer(json({ changeSetId: CHANGE_SET, queuedAt: '2026-01-05T10:00:00Z' }, 202));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
    // The project page shows the project as saved, not 'Failed to fetch project'.
    expect(await screen.findByRole('heading', { level: 1, name: 'Lares' })).toBeTruthy();
    expect(screen.getByText('3 travelers')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch project')).toBeNull();
  });

  it('lists the changes as they are now when the review opens again after a failed save', async () => {
    mockEditApi({ 'PATCH /api/projects/:id': apiError(500, 'INTERNAL', 'Internal server error') });
    const { user } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
    await within(screen.getByRole('dialog', { name: 'Confirm your updates' })).findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Back to editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm your updates' })).toBeNull(),
    );

    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}4{Enter}');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    expect(within(dialog).getByText('4 travelers')).toBeTruthy();
    expect(within(dialog).queryByText('3 travelers')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  describe('a start date that passes while the review is open', () => {
    afterEach(() => vi.useRealTimers());

    it("is not sent: 'Confirm changes' closes the review, opens the dates on their start, and says why", async () => {
      // Only the clock is faked: the page's and user-event's timers run as usual.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-06T23:58:00'));
      const api = mockEditApi();
      const { user } = await openEditPage();
      await user.click(within(row('Dates')).getByRole('button', { name: 'Edit dates' }));
      await user.click(await within(row('Dates')).findByRole('button', { name: 'Start date' }));
      const calendar = await screen.findByRole('dialog', { name: 'Start date' });
      const sixth = within(calendar)
        .getAllByRole('button')
        .find((button) => button.closest('table') && button.textContent === '6');
      if (!sixth) throw new Error('no 6 January in the calendar');
      await user.click(sixth);
      await user.click(within(row('Dates')).getByRole('button', { name: 'Save dates' }));
      await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
      const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
      expect(within(dialog).getByText(/Sun 06 Jan 2030/)).toBeTruthy();

      vi.setSystemTime(new Date('2030-01-07T00:02:00'));
      await user.click(within(dialog).getByRole('button', { name: 'Confirm changes' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Confirm your updates' })).toBeNull(),
      );
      expect(screen.getByText('Your start date has passed. Please choose a new one.')).toBeTruthy();
      expect(
        screen.getByRole('button', { name: 'Review & Confirm' }).hasAttribute('disabled'),
      ).toBe(true);
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(row('Dates')).getByRole('button', { name: 'Start date' }),
        ),
      );
      expect(api.callsTo('PATCH /api/projects/:id')).toHaveLength(0);
    });

    it('asks again for the trek acknowledgement when the review opens again', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-06T23:58:00'));
      const ACKNOWLEDGEMENT = 'I understand this may reset ongoing proposals.';
      const api = mockEditApi();
      const { user } = await openEditPage();
      const chooseTrek = async (trek: string) => {
        await user.click(within(row('Trek')).getByRole('button', { name: 'Edit trek' }));
        await user.click(within(row('Trek')).getByRole('radio', { name: trek }));
        await user.click(
          within(row('Duration')).getByRole('radio', { name: /5 days \/ 4 nights/ }),
        );
        await user.click(within(row('Duration')).getByRole('button', { name: 'Save duration' }));
        await user.click(within(row('Trek')).getByRole('button', { name: 'Save trek' }));
      };
      const chooseStart = async (day: string) => {
        await user.click(await within(row('Dates')).findByRole('button', { name: 'Start date' }));
        const calendar = await screen.findByRole('dialog', { name: 'Start date' });
        const button = within(calendar)
          .getAllByRole('button')
          .find((candidate) => candidate.closest('table') && candidate.textContent === day);
        if (!button) throw new Error(`no ${day} January in the calendar`);
        await user.click(button);
        await user.click(within(row('Dates')).getByRole('button', { name: 'Save dates' }));
      };
      const review = async () => {
        await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
        const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
        return {
          dialog,
          acknowledgement: within(dialog).getByRole('checkbox', { name: ACKNOWLEDGEMENT }),
          confirm: within(dialog).getByRole('button', { name: 'Confirm changes' }),
        };
      };

      await chooseTrek('Salkantay');
      await user.click(within(row('Dates')).getByRole('button', { name: 'Edit dates' }));
      await chooseStart('6');
      const first = await review();
      await user.click(first.acknowledgement);
      expect(first.confirm.hasAttribute('disabled')).toBe(false);

      // Midnight passes: Confirm closes the review (not its own 'Back to editing').
      vi.setSystemTime(new Date('2030-01-07T00:02:00'));
      await user.click(first.confirm);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Confirm your updates' })).toBeNull(),
      );
      await chooseStart('8');
      await chooseTrek('Ausangate');

      const second = await review();
      expect(within(second.dialog).getByText('Ausangate')).toBeTruthy();
      // Unticked: the trek it was ticked for is not this one.
      expect(
        within(second.dialog).queryByRole('checkbox', { name: ACKNOWLEDGEMENT, checked: true }),
      ).toBeNull();
      expect(second.confirm.hasAttribute('disabled')).toBe(true);
      expect(api.callsTo('PATCH /api/projects/:id')).toHaveLength(0);
    });
  });

  it('saves the travelers on Enter, as their Save does', async () => {
    mockEditApi();
    const { user } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}2.6{Enter}');
    expect(within(row('Travelers')).queryByRole('textbox')).toBeNull();
    expect(within(row('Travelers')).getByText('3 travelers')).toBeTruthy();
    expect(within(row('Travelers')).getByText('Edited')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }),
    );
  });

  it('cancels the travelers on Escape, as their Cancel does', async () => {
    mockEditApi();
    const { user } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3');
    await user.keyboard('{Escape}');
    expect(within(row('Travelers')).queryByRole('textbox')).toBeNull();
    expect(within(row('Travelers')).getByText('2 travelers')).toBeTruthy();
    expect(within(row('Travelers')).queryByText('Edited')).toBeNull();
    expect(document.activeElement).toBe(
      within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }),
    );
  });

  it('a new trek clears the duration and forces a choice, then needs the acknowledgement', async () => {
    const api = mockEditApi();
    const { user } = await openEditPage();

    await user.click(within(row('Trek')).getByRole('button', { name: 'Edit trek' }));
    expect(
      within(row('Trek')).getByRole('radio', { name: 'Inca Trail' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(row('Trek')).getAllByRole('radio')).toHaveLength(6);
    // The warning's live region is there, empty, before it has something to say.
    const status = within(row('Duration')).getByRole('status');
    expect(status.textContent).toBe('');
    await user.click(within(row('Trek')).getByRole('radio', { name: 'Salkantay' }));

    expect(within(status).getByText('Selection required')).toBeTruthy();
    expect(within(row('Duration')).getByRole('status')).toBe(status);
    expect(
      within(row('Duration')).getByText(
        'Vous devez sélectionner une durée valide pour le trek Salkantay',
      ),
    ).toBeTruthy();
    const blocked = screen.getByRole('button', { name: 'Select Duration First' });
    expect(blocked.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Discard changes' }).hasAttribute('disabled')).toBe(
      false,
    );

    await user.click(within(row('Duration')).getByRole('radio', { name: /5 days \/ 4 nights/ }));
    expect(within(row('Duration')).queryByText('Selection required')).toBeNull();
    // The end date follows the new duration: 7 January + 4 nights.
    expect(within(row('Dates')).getByText(/Mon 07 Jan 2030 – Fri 11 Jan 2030/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm changes' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    const acknowledgement = within(dialog).getByRole('checkbox', {
      name: 'I understand this may reset ongoing proposals.',
    });
    // What confirming waits for has the keyboard first.
    await waitFor(() => expect(document.activeElement).toBe(acknowledgement));
    await user.click(acknowledgement);
    await user.click(confirm);
    await waitFor(() => expect(api.callsTo('PATCH /api/projects/:id')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/projects/:id')[0]?.body).toEqual({
      destination: 'Salkantay',
      duration: '5 days / 4 nights',
      endDate: '2030-01-11',
    });
  });

  it('cancelling a new trek closes the duration it opened, unless the duration was changed', async () => {
    mockEditApi();
    const { user } = await openEditPage();
    await user.click(within(row('Trek')).getByRole('button', { name: 'Edit trek' }));
    await user.click(within(row('Trek')).getByRole('radio', { name: 'Salkantay' }));
    expect(within(row('Duration')).getByRole('button', { name: 'Save duration' })).toBeTruthy();
    await user.click(within(row('Trek')).getByRole('button', { name: 'Cancel trek changes' }));
    expect(within(row('Trek')).getByText('Lares')).toBeTruthy();
    expect(within(row('Duration')).queryByRole('radio')).toBeNull();
    expect(within(row('Duration')).getByText('4 days / 3 nights')).toBeTruthy();
    expect(within(row('Duration')).getByRole('button', { name: 'Edit duration' })).toBeTruthy();

    // A duration of its own, valid for Lares too, stays open with its change.
    await user.click(within(row('Trek')).getByRole('button', { name: 'Edit trek' }));
    await user.click(within(row('Trek')).getByRole('radio', { name: 'Salkantay' }));
    await user.click(within(row('Duration')).getByRole('radio', { name: /5 days \/ 4 nights/ }));
    await user.click(within(row('Trek')).getByRole('button', { name: 'Cancel trek changes' }));
    expect(within(row('Duration')).getByRole('button', { name: 'Save duration' })).toBeTruthy();
    expect(within(row('Duration')).getByText('Edited')).toBeTruthy();
  });

  it('cancelling a duration the new trek lacks leaves it to be chosen, not the cancelled pick', async () => {
    mockEditApi({
      'GET /api/projects/:id': json({
        ...project,
        title: 'Salkantay',
        destination: 'Salkantay',
        duration: '2 days / 1 night',
        endDate: '2030-01-08',
      }),
    });
    const { user } = await openEditPage();
    await user.click(within(row('Trek')).getByRole('button', { name: 'Edit trek' }));
    await user.click(within(row('Trek')).getByRole('radio', { name: 'Lares' }));
    await user.click(within(row('Duration')).getByRole('radio', { name: /3 days \/ 2 nights/ }));
    expect(screen.getByRole('button', { name: 'Review & Confirm' }).hasAttribute('disabled')).toBe(
      false,
    );

    await user.click(
      within(row('Duration')).getByRole('button', { name: 'Cancel duration changes' }),
    );
    expect(within(row('Duration')).queryByRole('radio')).toBeNull();
    expect(within(row('Duration')).queryByText('3 days / 2 nights')).toBeNull();
    expect(within(row('Duration')).getByText('Not set')).toBeTruthy();
    expect(within(row('Duration')).getByText('Selection required')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Select Duration First' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('keeps a Santa Cruz request on its trek, among the six of the edit page', async () => {
    mockEditApi({
      'GET /api/projects/:id': json({
        ...project,
        title: 'Santa Cruz',
        destination: 'Santa Cruz',
        duration: '4 days / 3 nights',
      }),
    });
    const { user } = await openEditPage();
    await user.click(within(row('Trek')).getByRole('button', { name: 'Edit trek' }));
    const santaCruz = within(row('Trek')).getByRole('radio', { name: 'Santa Cruz' });
    expect((santaCruz as HTMLInputElement).checked).toBe(true);
    expect(within(row('Trek')).getAllByRole('radio')).toHaveLength(7);
  });

  it('cancel restores a field from the project; Discard restores everything', async () => {
    mockEditApi();
    const { user } = await openEditPage();
    await user.click(within(row('Dates')).getByRole('button', { name: 'Edit dates' }));
    await user.click(await screen.findByRole('checkbox', { name: 'My dates are flexible' }));
    await user.click(screen.getByRole('radio', { name: '±3 days' }));
    expect(within(row('Dates')).getByText('Edited')).toBeTruthy();
    await user.click(within(row('Dates')).getByRole('button', { name: 'Cancel dates changes' }));
    expect(within(row('Dates')).queryByText('Edited')).toBeNull();
    expect(within(row('Dates')).getByText(/Fixed dates/)).toBeTruthy();

    await user.click(
      within(row('Guide language preference')).getByRole('button', {
        name: 'Edit guide language preference',
      }),
    );
    // The group is named for screen readers, its label not shown under the field's own heading.
    const languages = screen.getByRole('group', { name: 'Guide language preference' });
    expect(
      within(row('Guide language preference')).getAllByText('Guide language preference'),
    ).toHaveLength(2);
    expect(
      within(languages.parentElement ?? languages)
        .getByText('Guide language preference')
        .closest('.mantine-VisuallyHidden-root'),
    ).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    expect(screen.getByText('Select at least one language')).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Save guide language preference' })
        .hasAttribute('disabled'),
    ).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Save guide language preference' }));
    expect(within(row('Guide language preference')).getByText('Spanish')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(within(row('Guide language preference')).getByText('English')).toBeTruthy();
    expect(screen.queryByText('Edited')).toBeNull();
    // Nothing is left to discard: the button is disabled, and focus goes to the page's heading.
    expect(screen.getByRole('button', { name: 'Discard changes' }).hasAttribute('disabled')).toBe(
      true,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Edit Project Overview' }),
      ),
    );
  });

  it("says 'Partially saved' when guides could not be notified, and keeps the notice to retry", async () => {
    mockEditApi({
      'POST /api/projects/:id/notify-guides': apiError(500, 'INTERNAL', 'Internal server error'),
    });
    const { user, router } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}5');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
    expect(screen.getByText('Partially saved')).toBeTruthy();
    expect(
      screen.getByText('Saved, but notification failed. You can retry from the project page.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notify guides' })).toBeTruthy();
    expect(pendingGuideNoticesOf(ID).map((notice) => notice.changeSetId)).toEqual([CHANGE_SET]);
  });

  it.each([
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      "Couldn't save your changes. Please try again.",
    ],
    [
      // 'Please refresh' would lose the edits the form still holds.
      'a server error',
      apiError(500, 'INTERNAL', 'Internal server error'),
      "Couldn't save your changes. Please try again.",
    ],
    [
      'an answer the page cannot read',
      json({ unexpected: true }),
      'An unexpected error occurred. Please refresh and try again.',
    ],
    [
      'a project deleted in another tab',
      apiError(404, 'NOT_FOUND', 'Project not found'),
      'This project no longer exists. Your changes were not saved.',
    ],
  ])('keeps every edit after %s, saying so', async (_case, answer, message) => {
    mockEditApi({ 'PATCH /api/projects/:id': answer as MockRoute });
    const { user, router } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}4');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
    expect(await screen.findByText(message)).toBeTruthy();
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    expect(within(dialog).getByRole('alert')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}/edit`);
    await user.click(screen.getByRole('button', { name: 'Back to editing' }));
    expect(within(row('Travelers')).getByRole('textbox')).toHaveProperty('value', '4');
  });

  it('offers to sign in again, back to this page, when the session ended before the save', async () => {
    mockEditApi({ 'PATCH /api/projects/:id': apiError(401, 'UNAUTHENTICATED', 'Not signed in') });
    const { user, router, queryClient } = await openEditPage();
    queryClient.setQueryData(userQueryOptions().queryKey, buildUser());
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}4');
    await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
    const alert = await within(
      screen.getByRole('dialog', { name: 'Confirm your updates' }),
    ).findByRole('alert');
    // The draft is this tab's: it promises the edits only there (a magic link opens a new tab).
    expect(
      within(alert).getByText(
        'Your session has ended, so your changes could not be saved. If you sign in again in this tab, the changes listed above will be waiting for you here; a new tab will not have them.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Sign in again to save your changes.')).toBeTruthy();
    expect(screen.queryByText("Couldn't save your changes. Please try again.")).toBeNull();
    // The page explains the 401 itself: the suite-wide answer (a toast, the user read again)
    // leaves it alone, so the toast that stays is the page's.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Sign in again to save your changes.')).toBeTruthy();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
    expect(queryClient.getQueryState(userQueryOptions().queryKey)?.isInvalidated).toBe(false);
    // Leaving to sign in asks nothing more: the edits wait in this tab's draft.
    await user.click(within(alert).getByRole('link', { name: 'Sign in again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      `/u/projects/${ID}/edit`,
    );
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  describe('the edits kept in this tab', () => {
    async function editTravelersTo(user: ReturnType<typeof userEvent.setup>, travelers: string) {
      await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
      await user.type(
        within(row('Travelers')).getByRole('textbox'),
        `{Backspace}${travelers}{Enter}`,
      );
    }

    it('come back after a reload (signing in again) while the project is as they were made on', async () => {
      mockEditApi();
      const first = await openEditPage();
      await editTravelersTo(first.user, '4');
      // A reload: the page and its cache are gone, the tab's storage stays.
      first.unmount();
      await openEditPage();
      expect(within(row('Travelers')).getByText('4 travelers')).toBeTruthy();
      expect(within(row('Travelers')).getByText('Edited')).toBeTruthy();
      expect(
        screen.getByRole('button', { name: 'Review & Confirm' }).hasAttribute('disabled'),
      ).toBe(false);
    });

    it('are dropped when the project changed since (another tab, another device)', async () => {
      mockEditApi();
      const first = await openEditPage();
      await editTravelersTo(first.user, '4');
      first.unmount();
      mockEditApi({ 'GET /api/projects/:id': () => json({ ...project, language: 'French' }) });
      await openEditPage();
      expect(within(row('Travelers')).getByText('2 travelers')).toBeTruthy();
      expect(within(row('Travelers')).queryByText('Edited')).toBeNull();
    });

    it('are forgotten once saved, or discarded', async () => {
      mockEditApi();
      const first = await openEditPage();
      await editTravelersTo(first.user, '4');
      await first.user.click(screen.getByRole('button', { name: 'Discard changes' }));
      first.unmount();
      const second = await openEditPage();
      expect(within(row('Travelers')).getByText('2 travelers')).toBeTruthy();

      await editTravelersTo(second.user, '5');
      await second.user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
      await second.user.click(screen.getByRole('button', { name: 'Confirm changes' }));
      await waitFor(() => expect(second.router.state.location.pathname).toBe(`/u/projects/${ID}`));
      second.unmount();
      // The saved project is the one read now: nothing is edited on it.
      await openEditPage();
      expect(within(row('Travelers')).getByText('5 travelers')).toBeTruthy();
      expect(within(row('Travelers')).queryByText('Edited')).toBeNull();
      expect(window.sessionStorage.length).toBe(0);
    });

    it('are not written back once saved, even when the saved project differs from the form', async () => {
      // Another tab changed the languages meanwhile: the saved project is not the form, so the
      // form still differs from it once the PATCH answers.
      const notice = heldAnswer();
      const saved = { ...project, groupSize: 5, language: 'French' };
      mockEditApi({
        'PATCH /api/projects/:id': json({ project: saved, changeSetId: CHANGE_SET }),
        'POST /api/projects/:id/notify-guides': notice.route,
      });
      const first = await openEditPage();
      await editTravelersTo(first.user, '5');
      await first.user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
      await first.user.click(screen.getByRole('button', { name: 'Confirm changes' }));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(window.sessionStorage.length).toBe(0);
      notice.answer(json({ changeSetId: CHANGE_SET, queuedAt: '2026-01-05T10:00:00Z' }, 202));
      await waitFor(() => expect(first.router.state.location.pathname).toBe(`/u/projects/${ID}`));
      first.unmount();
      expect(window.sessionStorage.length).toBe(0);

      mockEditApi({ 'GET /api/projects/:id': () => json(saved) });
      await openEditPage();
      expect(within(row('Travelers')).getByText('5 travelers')).toBeTruthy();
      expect(screen.queryByText('Edited')).toBeNull();
    });
  });

  it('asks before leaving with unsaved edits, and stays on Keep editing', async () => {
    mockEditApi();
    const { user, router } = await openEditPage();
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}6');

    await user.click(screen.getByRole('link', { name: 'Back to project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}/edit`);
    expect(within(row('Travelers')).getByRole('textbox')).toHaveProperty('value', '6');

    await user.click(screen.getByRole('link', { name: 'Back to project' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
  });

  it('asks the browser to confirm a reload or a closed tab while edits are unsaved', async () => {
    mockEditApi();
    const { user } = await openEditPage();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
    await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}7');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(unload()).toBe(false);
  });

  it('lets the traveler leave freely without edits', async () => {
    mockEditApi();
    const { user, router } = await openEditPage();
    await user.click(screen.getByRole('link', { name: 'Back to project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/u/projects/${ID}`));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

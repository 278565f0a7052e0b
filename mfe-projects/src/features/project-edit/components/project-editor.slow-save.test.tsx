import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS, readProjectEditDraft } from '@trek/shared';
import { buildProject } from '@trek/shared/testing/builders';
import {
  apiError,
  heldAnswer,
  json,
  type MockRoute,
  mockApi,
  never,
} from '@trek/shared/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderProjectsApp } from '../../../test/render';
import { SLOW_SAVE_MS } from '../hooks/use-save-project';

const CHANGE_SET = '3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
// The builder's Lares trek (January 2030, fixed dates), for two.
const project = buildProject({ groupSize: 2 });
const ID = project.id;
const PROJECT_PAGE = `/u/projects/${ID}`;

const HELD = 'Your changes are being saved; the page will change once they are.';
const SLOW = 'Saving is taking longer than usual.';
const SLOW_HELD =
  'Saving is taking longer than usual. You can leave now; if the save does not go through, your edits come back when you open this page again in this tab.';

const row = (name: string) => screen.getByRole('region', { name });
const status = () =>
  within(screen.getByRole('dialog', { name: 'Confirm your updates' })).getByRole('status')
    .textContent;
const leaveNow = () => screen.queryByRole('button', { name: 'Leave now' });
/**
 * The clock moves on (the fake one; it also follows real time, for the router and Mantine: a
 * "not yet" check keeps seconds of margin for a busy machine).
 */
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function mockEditApi(patch: MockRoute) {
  return mockApi({
    routes: {
      'GET /api/projects/:id': () => json(project),
      'PATCH /api/projects/:id': patch,
      'POST /api/projects/:id/notify-guides': json(
        { changeSetId: CHANGE_SET, queuedAt: '2026-01-05T10:00:00Z' },
        202,
      ),
    },
  });
}

/** Opens the edit page, sets three travelers and confirms: the save is on its way. */
async function startSaving() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const app = renderProjectsApp(`/u/projects/${ID}/edit`);
  await screen.findByRole('region', { name: 'Trek' });
  await user.click(within(row('Travelers')).getByRole('button', { name: 'Edit travelers' }));
  await user.type(within(row('Travelers')).getByRole('textbox'), '{Backspace}3{Enter}');
  await user.click(screen.getByRole('button', { name: 'Review & Confirm' }));
  await user.click(screen.getByRole('button', { name: 'Confirm changes' }));
  await screen.findByRole('button', { name: 'Saving...' });
  return { user, ...app };
}

describe('a save of the edit page that takes long (a write has no time limit)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`says so after ${SLOW_SAVE_MS} ms, and not before, with no navigation held`, async () => {
    mockEditApi(never);
    await startSaving();
    expect(status()).toBe('');
    await wait(SLOW_SAVE_MS - 3000);
    expect(status()).toBe('');
    await wait(3000);
    expect(status()).toBe(SLOW);
    // Nothing to let go: no way out is offered.
    expect(leaveNow()).toBeNull();
  });

  it("lets a navigation held since before (Back, a link) go on 'Leave now', keeping the draft", async () => {
    mockEditApi(never);
    const { router } = await startSaving();
    await wait(1000);
    await act(() => router.navigate(PATHS.projects));
    expect(status()).toBe(HELD);
    expect(leaveNow()).toBeNull();
    await wait(SLOW_SAVE_MS - 1000);
    expect(status()).toBe(SLOW_HELD);
    const leave = screen.getByRole('button', { name: 'Leave now' });
    // Offered next to the status, before 'Back to editing'; the keyboard stays where it was.
    const back = screen.getByRole('button', { name: 'Back to editing' });
    expect(leave.compareDocumentPosition(back) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Saving...' }));

    await act(async () => leave.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/projects'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    // The save may still fail: the edits are kept for this page's next visit in this tab.
    expect(readProjectEditDraft(ID)?.form.groupSize).toBe(3);
  });

  it("takes a double click on 'Leave now' as one, with no error", async () => {
    mockEditApi(never);
    const { router } = await startSaving();
    await wait(SLOW_SAVE_MS);
    await act(() => router.navigate(PATHS.projects));
    const leave = screen.getByRole('button', { name: 'Leave now' });
    // Both clicks before React renders again: the second meets the blocker as the first left it.
    await act(async () => {
      leave.click();
      leave.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/projects'));
    expect(readProjectEditDraft(ID)?.form.groupSize).toBe(3);
  });

  it("offers 'Leave now' to a navigation made once the save is slow, by keyboard too", async () => {
    mockEditApi(never);
    const { user, router } = await startSaving();
    await wait(SLOW_SAVE_MS);
    expect(status()).toBe(SLOW);
    await act(() => router.navigate(PROJECT_PAGE));
    expect(status()).toBe(SLOW_HELD);
    // From the busy 'Saving...', back past the disabled 'Back to editing'.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave now' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(PROJECT_PAGE));
    expect(readProjectEditDraft(ID)?.form.groupSize).toBe(3);
  });

  it('still opens the project page when a slow save answers, the draft forgotten', async () => {
    const patch = heldAnswer();
    mockEditApi(patch.route);
    const { router } = await startSaving();
    await act(() => router.navigate(PATHS.projects));
    await wait(SLOW_SAVE_MS);
    expect(leaveNow()).toBeTruthy();

    patch.answer(json({ project: { ...project, groupSize: 3 }, changeSetId: CHANGE_SET }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PROJECT_PAGE));
    expect(await screen.findByText('Project updated and guides notified.')).toBeTruthy();
    expect(leaveNow()).toBeNull();
    expect(screen.queryByText(SLOW, { exact: false })).toBeNull();
    expect(readProjectEditDraft(ID)).toBeNull();
  });

  it("takes 'Leave now' away when a slow save fails, keeps the keyboard, and times the next save afresh", async () => {
    const first = heldAnswer();
    let patches = 0;
    mockEditApi(() => {
      patches += 1;
      return patches === 1 ? first.route() : never();
    });
    const { user, router } = await startSaving();
    await act(() => router.navigate(PATHS.projects));
    await wait(SLOW_SAVE_MS);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(leaveNow());

    first.answer(apiError(500, 'INTERNAL', 'Internal server error'));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    await within(dialog).findByRole('alert');
    expect(status()).toBe('');
    expect(leaveNow()).toBeNull();
    expect(router.state.location.pathname).toBe(`/u/projects/${ID}/edit`);
    // 'Leave now' had the keyboard: it goes to the confirm button, by the failure.
    const confirm = within(dialog).getByRole('button', { name: 'Confirm changes' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));

    // A second save is slow only after its own 15 s.
    await user.click(confirm);
    await screen.findByRole('button', { name: 'Saving...' });
    await wait(SLOW_SAVE_MS - 3000);
    expect(status()).toBe('');
    await wait(3000);
    expect(status()).toBe(SLOW);
  });

  it('does not count the time of a save that failed early toward the next one', async () => {
    const first = heldAnswer();
    let patches = 0;
    mockEditApi(() => {
      patches += 1;
      return patches === 1 ? first.route() : never();
    });
    const { user } = await startSaving();
    await wait(5000);
    first.answer(apiError(500, 'INTERNAL', 'Internal server error'));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your updates' });
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm changes' }));
    await screen.findByRole('button', { name: 'Saving...' });
    // 15 s after the first save began, 10 s into the second.
    await wait(SLOW_SAVE_MS - 5000);
    expect(status()).toBe('');
    await wait(5000);
    expect(status()).toBe(SLOW);
  });
});

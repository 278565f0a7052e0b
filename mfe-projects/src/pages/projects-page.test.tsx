import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectsQueryOptions } from '@trek/shared';
import { buildProject } from '@trek/shared/testing/builders';
import { apiError, json, mockApi, never } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { heldReads } from '../test/held-reads';
import { renderProjectsApp } from '../test/render';

describe('My Projects (exposed as projects/ProjectsPage)', () => {
  it('shows a card per project, in the order the API gives (newest first), each linking to its page', async () => {
    mockApi({
      routes: {
        'GET /api/projects': json([
          buildProject({
            id: 'newer',
            title: 'Ausangate',
            destination: 'Ausangate',
            status: 'active',
            startDate: '2030-01-07',
            endDate: '2030-01-11',
            duration: '5 days / 4 nights',
            groupSize: 3,
            language: 'English, Spanish',
            flexible: true,
            flexibilityWindowDays: 2,
          }),
          buildProject({ id: 'older', title: 'Lares', groupSize: 1 }),
        ]),
      },
    });
    renderProjectsApp('/u/projects');

    expect(screen.getByRole('heading', { level: 1, name: 'My Projects' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New Trek Request' }).getAttribute('href')).toBe(
      '/create-project',
    );
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Ausangate',
      'Lares',
    ]);
    const [newer, older] = cards as [HTMLElement, HTMLElement];
    expect(within(newer).getByRole('link', { name: 'Ausangate' }).getAttribute('href')).toBe(
      '/u/projects/newer',
    );
    for (const text of [
      'Active booking',
      'Mon 07 Jan 2030 – Fri 11 Jan 2030',
      '5 days / 4 nights',
      '3 travelers',
      'English, Spanish',
      '±2 days',
    ]) {
      expect(within(newer).getByText(text), text).toBeTruthy();
    }
    expect(within(older).getByText('1 traveler')).toBeTruthy();
    expect(within(older).getByText('Pending guide responses')).toBeTruthy();
    expect(within(older).getByText('Fixed dates')).toBeTruthy();
  });

  it('shows a loading state while the list is read', async () => {
    mockApi({ routes: { 'GET /api/projects': never } });
    renderProjectsApp('/u/projects');
    expect(await screen.findByText('Loading your projects…')).toBeTruthy();
  });

  it('invites a first request when there is none', async () => {
    mockApi({ routes: { 'GET /api/projects': json([]) } });
    renderProjectsApp('/u/projects');
    const create = await screen.findByRole('link', { name: 'Create Your First Trek Request' });
    expect(create.getAttribute('href')).toBe('/create-project');
  });

  it('says the list could not be loaded, and reads it again on retry', async () => {
    let calls = 0;
    mockApi({
      routes: {
        'GET /api/projects': () => {
          calls += 1;
          return calls === 1
            ? apiError(500, 'INTERNAL', 'Internal server error')
            : json([buildProject()]);
        },
      },
    });
    const user = userEvent.setup();
    renderProjectsApp('/u/projects');
    expect(await screen.findByText('Error loading projects')).toBeTruthy();
    expect(
      screen.getByText("We couldn't load your projects. Please try again later."),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Lares' })).toBeTruthy();
  });

  it('keeps the list on screen when it is read again and that read fails', async () => {
    let answer = () => json([buildProject({ title: 'Lares' })]);
    mockApi({ routes: { 'GET /api/projects': () => answer() } });
    const { queryClient } = renderProjectsApp('/u/projects');
    expect(await screen.findByRole('link', { name: 'Lares' })).toBeTruthy();

    // Read again (as after a cancel or a new request) and refused: the list stays.
    answer = () => apiError(500, 'INTERNAL', 'Internal server error');
    const list = projectsQueryOptions().queryKey;
    await act(() => queryClient.refetchQueries({ queryKey: list }));
    // The query's observers hear of it on a later tick: let the page render what it would.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(queryClient.getQueryState(list)?.status).toBe('error');
    expect(screen.getByRole('link', { name: 'Lares' })).toBeTruthy();
    expect(screen.queryByText('Error loading projects')).toBeNull();
    expect(screen.queryByText('Loading your projects…')).toBeNull();
  });

  it('keeps the keyboard on Try again while the list is asked again, says when it fails again, and gives the heading the keyboard once it loads', async () => {
    const failed = () => apiError(429, 'RATE_LIMITED', 'Too many requests');
    const reads = heldReads(failed);
    mockApi({ routes: { 'GET /api/projects': reads.route } });
    renderProjectsApp('/u/projects');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    // Asked again: the card and its busy Try again stay, focused (not a skeleton, not <body>).
    await waitFor(() => expect(retry.getAttribute('aria-disabled')).toBe('true'));
    expect(retry.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Loading your projects…')).toBeNull();
    expect(document.activeElement).toBe(retry);
    // It fails again: the same Try again, focused, ready, and the failure is read out.
    await reads.answer(failed());
    await waitFor(() => expect(retry.hasAttribute('aria-disabled')).toBe(false));
    expect(document.activeElement).toBe(retry);
    expect(screen.getByText('Error loading projects')).toBeTruthy();
    expect(
      screen.getByText("We couldn't load your projects. Please try again later."),
    ).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByRole('status').textContent).toBe(
      "Still couldn't load. Try again later.",
    );
    await userEvent.keyboard('{Enter}');
    await reads.answer(json([buildProject({ title: 'Lares' })]));
    expect(await screen.findByRole('link', { name: 'Lares' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'My Projects' }),
      ),
    );
  });

  it("fetches the next page's code ahead, when a link is pointed at or reached by keyboard", async () => {
    mockApi({
      routes: { 'GET /api/projects': json([buildProject({ id: 'p1', title: 'Lares' })]) },
    });
    const user = userEvent.setup();
    const { preloadRoute } = renderProjectsApp('/u/projects');
    await user.hover(screen.getByRole('link', { name: 'New Trek Request' }));
    expect(preloadRoute).toHaveBeenCalledWith('/create-project');
    (await screen.findByRole('link', { name: 'Lares' })).focus();
    expect(preloadRoute).toHaveBeenCalledWith('/u/projects/p1');
  });
});

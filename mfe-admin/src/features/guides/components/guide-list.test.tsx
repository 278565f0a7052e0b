import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuide, buildGuideList, buildUser } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it } from 'vitest';
import { GuideManagement } from './guide-management';

describe('GuideList: a guide switched out of the filtered list', () => {
  it('gives the focus to the next card, else the previous one, else the count line', async () => {
    const inactive = ['Ana', 'Beto', 'Carla'].map((name) => buildGuide({ name, isActive: false }));
    const active = ['Dario', 'Elena', 'Fabio', 'Gina'].map((name) => buildGuide({ name }));
    const guides = [...inactive, ...active];
    mockApi({
      user: buildUser({ isAdmin: true }),
      routes: {
        'GET /api/admin/guides': json(buildGuideList(guides)),
        // Only the switch writes: the answer is the guide switched.
        'PATCH /api/admin/guides/:id': ({ params }) => {
          const guide = guides.find((candidate) => candidate.id === params.id);
          return json(guide && { ...guide, isActive: !guide.isActive });
        },
      },
    });
    renderRoutes([{ path: '*', element: <GuideManagement /> }], { path: '/admin/guides' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Inactive' }));
    const toggle = (name: string) => screen.getByRole('switch', { name: `Active for ${name}` });
    /** Switches `name` on by keyboard, and waits for its card to leave the list. */
    const switchOn = async (name: string) => {
      toggle(name).focus();
      await user.keyboard(' ');
      await waitFor(() => expect(screen.queryByRole('heading', { name })).toBeNull());
    };

    await switchOn('Beto');
    await waitFor(() => expect(document.activeElement).toBe(toggle('Carla')));
    await switchOn('Carla');
    await waitFor(() => expect(document.activeElement).toBe(toggle('Ana')));
    await switchOn('Ana');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByText('Showing 0 of 7 guides')),
    );
  });
});

describe('GuideList: the search and status filter live in the address', () => {
  const guides = [
    buildGuide({ name: 'Luis Condori', zones: ['Huaraz'], whatsappId: '51911222333' }),
    buildGuide({ name: 'Rosa Huaman', zones: ['Huaraz', 'Cusco'] }),
    ...['Ana', 'Beto', 'Carla', 'Dario', 'Elena'].map((name) =>
      buildGuide({ name, zones: ['Arequipa'] }),
    ),
  ];
  const names = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

  function renderAt(path: string, list = guides) {
    mockApi({
      user: buildUser({ isAdmin: true }),
      routes: { 'GET /api/admin/guides': json(buildGuideList(list)) },
    });
    const view = renderRoutes(
      [
        { path: '/admin/guides', element: <GuideManagement /> },
        { path: '/u/projects', element: <p>My projects</p> },
      ],
      { path },
    );
    return { ...view, user: userEvent.setup() };
  }

  it('shows the filter an address holds (a reload, a shared link)', async () => {
    renderAt('/admin/guides?q=huaraz&status=connected');
    const search = await screen.findByRole('searchbox', { name: 'Search guides' });
    expect(search).toHaveProperty('value', 'huaraz');
    expect(screen.getByRole('radio', { name: 'WhatsApp connected' })).toHaveProperty(
      'checked',
      true,
    );
    expect(names()).toEqual(['Luis Condori']);
    expect(screen.getByText('Showing 1 of 7 guides')).toBeTruthy();
  });

  it('reads a status it does not know as all, and leaves it out of the address', async () => {
    const { router } = renderAt('/admin/guides?status=deleted&tab=2');
    await screen.findByRole('searchbox', { name: 'Search guides' });
    expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    expect(names()).toHaveLength(7);
    expect(screen.getByText('7 guides, newest first')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('drops the control characters of a hand-made address from the search', async () => {
    const { router } = renderAt('/admin/guides?q=hua%00raz&status=pending&status=bogus');
    const search = await screen.findByRole('searchbox', { name: 'Search guides' });
    expect(search).toHaveProperty('value', 'huaraz');
    expect(names()).toEqual(['Rosa Huaman']);
    await waitFor(() => expect(router.state.location.search).toBe('?q=huaraz&status=pending'));
  });

  it('keeps the search box for a short list opened with a filter, to clear it', async () => {
    renderAt('/admin/guides?q=zzz', guides.slice(0, 2));
    await screen.findByText('No guide matches this search.');
    expect(screen.getByRole('searchbox', { name: 'Search guides' })).toHaveProperty('value', 'zzz');
  });

  it('writes what the admin chooses in place (no history), and Back brings it back', async () => {
    const { router, user } = renderAt('/admin/guides');
    const search = await screen.findByRole('searchbox', { name: 'Search guides' });
    await user.type(search, 'haraz');
    // A letter typed in the middle stays where it was typed, and so does the caret.
    await user.type(search, 'u', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(search).toHaveProperty('value', 'huaraz');
    expect(search).toHaveProperty('selectionStart', 2);
    await user.click(screen.getByRole('radio', { name: 'Pending activation' }));
    expect(names()).toEqual(['Rosa Huaman']);
    expect(router.state.location.search).toBe('?q=huaraz&status=pending');
    expect(router.state.historyAction).toBe('REPLACE');
    // The host's scroll restoration leaves the page where it is (else each change scrolled it to
    // the top, away from the search box).
    expect(router.state.preventScrollReset).toBe(true);

    await act(() => router.navigate('/u/projects'));
    await screen.findByText('My projects');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('searchbox', { name: 'Search guides' })).toHaveProperty(
      'value',
      'huaraz',
    );
    expect(names()).toEqual(['Rosa Huaman']);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    // The button has gone with the text: the keyboard is back in the search box.
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search guides' }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(router.state.location.search).toBe('');
    expect(names()).toHaveLength(7);
  });
});

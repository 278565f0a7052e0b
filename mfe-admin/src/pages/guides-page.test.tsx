import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient, type Guide, userQueryOptions } from '@trek/shared';
import { buildGuide, buildGuideList, buildUser } from '@trek/shared/testing/builders';
import { apiError, json, type MockRoute, mockApi, never } from '@trek/shared/testing/mock-api';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it, vi } from 'vitest';
import GuidesPage from './guides-page';

const admin = buildUser({ isAdmin: true });

const rosa = buildGuide({
  name: 'Rosa Huaman',
  locale: 'fr',
  zones: ['Cusco', 'Sacred Valley'],
  joinCode: 'K7M2QX9PAB',
  createdAt: '2026-01-05T10:00:00.000Z',
});
const luis = buildGuide({
  name: 'Luis Condori',
  zones: ['Huaraz'],
  whatsappId: '51911222333',
  isActive: false,
});

function renderPage(routes: Record<string, MockRoute> = {}) {
  const user = userEvent.setup();
  const api = mockApi({
    user: admin,
    routes: { 'GET /api/admin/guides': json(buildGuideList([rosa, luis])), ...routes },
  });
  renderRoutes([{ path: '*', element: <GuidesPage /> }], { path: '/admin/guides' });
  return { api, user };
}

const guideCard = async (name: string) => {
  const title = await screen.findByRole('heading', { level: 3, name });
  const card = title.closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return within(card);
};
const figure = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const toast = () => screen.findByRole('alert');

describe('GuidesPage (exposed as admin/GuidesPage)', () => {
  it('keeps its layout while the guides load', async () => {
    renderPage({ 'GET /api/admin/guides': never });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide management' })).toBeTruthy();
    expect(screen.getByText('Pending activation', { selector: 'dt' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Guides' }).closest('section')?.ariaBusy).toBe(
      'true',
    );
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    expect(refresh.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeTruthy();
  });

  it('shows the figures and each guide: locale, zones, status, created date, active', async () => {
    renderPage();
    const card = await guideCard('Rosa Huaman');
    expect(figure('Total')).toBe('2');
    expect(figure('Active')).toBe('1');
    expect(figure('Connected')).toBe('1');
    expect(figure('Pending activation')).toBe('1');
    expect(card.getByText('Pending activation')).toBeTruthy();
    expect(card.getByText(/French \(fr\)/)).toBeTruthy();
    expect(card.getByText(/Mon 05 Jan 2026/)).toBeTruthy();
    expect(card.getByText('Cusco, Sacred Valley')).toBeTruthy();
    expect(card.getByText('K7M2QX9PAB')).toBeTruthy();
    expect(card.getByRole('switch', { name: 'Active for Rosa Huaman' })).toHaveProperty(
      'checked',
      true,
    );
    const other = await guideCard('Luis Condori');
    expect(other.getByText('WhatsApp connected')).toBeTruthy();
    expect(other.getByText(/\+51911222333/)).toBeTruthy();
    expect(other.getByRole('switch', { name: 'Active for Luis Condori' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('says so when there are no guides yet', async () => {
    renderPage({ 'GET /api/admin/guides': json(buildGuideList([])) });
    expect(await screen.findByRole('heading', { name: 'No guides yet' })).toBeTruthy();
    expect(figure('Total')).toBe('0');
  });

  it('offers Retry when the list cannot be loaded', async () => {
    let fail = true;
    renderPage({
      'GET /api/admin/guides': () =>
        fail ? apiError(500, 'INTERNAL', 'Internal server error') : json(buildGuideList([rosa])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the guides");
    // A Retry that fails again says so: the alert as it was would tell a screen reader nothing.
    expect(within(alert).getByRole('status').textContent).toBe('');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(within(alert).getByRole('status').textContent).toBe(
        "Still couldn't load. Try again later.",
      ),
    );
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Rosa Huaman' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Admin access required', the catalogue's words, when the server refuses the list", async () => {
    renderPage({ 'GET /api/admin/guides': apiError(403, 'FORBIDDEN', 'Forbidden') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("We couldn't load the guidesAdmin access requiredRetry");
  });

  it('refuses a blank name with the spec message, and sends nothing', async () => {
    const { api, user } = renderPage();
    await guideCard('Rosa Huaman');
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Create guide' }));
    expect((await toast()).textContent).toContain('Guide name is required');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const errorId = name.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId.split(' ').at(-1) ?? '')?.textContent).toBe(
      'Guide name is required',
    );
    expect(document.activeElement).toBe(name);
    expect(api.callsTo('POST /api/admin/guides')).toEqual([]);
  });

  it('creates a guide: zones split on commas, trimmed, empties dropped; it joins the list', async () => {
    const created = buildGuide({
      name: 'Eva Quispe',
      locale: 'en',
      zones: ['Arequipa', 'Colca'],
      isActive: false,
    });
    const { api, user } = renderPage({ 'POST /api/admin/guides': json(created, 201) });
    await guideCard('Rosa Huaman');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '  Eva Quispe ');
    await user.selectOptions(screen.getByRole('combobox', { name: /Locale/ }), 'en');
    await user.type(screen.getByRole('textbox', { name: /Zones/ }), ' Arequipa,, Colca , ');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Create guide' }));

    expect((await toast()).textContent).toContain('Guide created successfully');
    expect(api.callsTo('POST /api/admin/guides')[0]?.body).toEqual({
      name: 'Eva Quispe',
      locale: 'en',
      zones: ['Arequipa', 'Colca'],
      isActive: false,
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Eva Quispe' })).toBeTruthy();
    expect(figure('Total')).toBe('3');
    expect(figure('Pending activation')).toBe('2');
    // Ready for the next guide.
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveProperty('value', '');
    expect(api.callsTo('GET /api/admin/guides')).toHaveLength(1);
  });

  it("says 'Failed to create guide' with the server's reason", async () => {
    const { user } = renderPage({
      'POST /api/admin/guides': apiError(
        400,
        'VALIDATION',
        'name: Please remove control characters such as tabs.',
      ),
    });
    await guideCard('Rosa Huaman');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Eva');
    await user.click(screen.getByRole('button', { name: 'Create guide' }));
    const shown = await toast();
    expect(shown.textContent).toContain('Failed to create guide');
    expect(shown.textContent).toContain('name: Please remove control characters such as tabs.');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveProperty('value', 'Eva');
  });

  it('says the session ended when creating a guide is answered 401, and has the user read again', async () => {
    const user = userEvent.setup();
    mockApi({
      user: admin,
      routes: {
        'GET /api/admin/guides': json(buildGuideList([rosa, luis])),
        'POST /api/admin/guides': apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
      },
    });
    // Signed in as the host's header knows it.
    const queryClient = createQueryClient();
    queryClient.setQueryData(userQueryOptions().queryKey, admin);
    renderRoutes([{ path: '*', element: <GuidesPage /> }], {
      path: '/admin/guides',
      queryClient,
    });
    await guideCard('Rosa Huaman');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Eva');
    await user.click(screen.getByRole('button', { name: 'Create guide' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Your session has ended. Please sign in again.',
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByRole('alert').map((shown) => shown.textContent)).toEqual([
      'Your session has ended. Please sign in again.',
    ]);
    expect(queryClient.getQueryState(userQueryOptions().queryKey)?.isInvalidated).toBe(true);
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveProperty('value', 'Eva');
  });

  it('creates one guide for a double click; the busy button keeps the focus', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, user } = renderPage({
      'POST /api/admin/guides': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await guideCard('Rosa Huaman');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Eva Quispe');
    const create = screen.getByRole('button', { name: 'Create guide' });
    create.focus();
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(api.callsTo('POST /api/admin/guides')).toHaveLength(1));
    expect(create.getAttribute('aria-disabled')).toBe('true');
    expect(create.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(create);
    // Enter in a field does not send it again either.
    fireEvent.submit(create.closest('form') as HTMLFormElement);
    answer(json(buildGuide({ name: 'Eva Quispe' }), 201));
    expect((await toast()).textContent).toContain('Guide created successfully');
    expect(api.callsTo('POST /api/admin/guides')).toHaveLength(1);
  });

  it('switches a guide off with the active switch', async () => {
    const { api } = renderPage({
      'PATCH /api/admin/guides/:id': () => json({ ...rosa, isActive: false } satisfies Guide),
    });
    const card = await guideCard('Rosa Huaman');
    const toggle = card.getByRole('switch', { name: 'Active for Rosa Huaman' });
    // Off straight after the click event, before any await lets the mutation's state arrive.
    fireEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', false);
    expect((await toast()).textContent).toContain('Guide updated successfully');
    expect(api.callsTo('PATCH /api/admin/guides/:id')[0]?.body).toEqual({ isActive: false });
    expect(api.callsTo('PATCH /api/admin/guides/:id')[0]?.path).toBe(
      `/api/admin/guides/${rosa.id}`,
    );
    expect(card.getByRole('switch', { name: 'Active for Rosa Huaman' })).toHaveProperty(
      'checked',
      false,
    );
    expect(figure('Active')).toBe('0');
  });

  it("puts the switch back and says 'Failed to update guide' when the change fails", async () => {
    const { user } = renderPage({
      'PATCH /api/admin/guides/:id': apiError(500, 'INTERNAL', 'Internal server error'),
    });
    const card = await guideCard('Rosa Huaman');
    const toggle = card.getByRole('switch', { name: 'Active for Rosa Huaman' });
    await user.click(toggle);
    expect((await toast()).textContent).toContain('Failed to update guide');
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(figure('Active')).toBe('1');
  });

  it("copies the join code and the activation link by keyboard, announcing 'Copied!'", async () => {
    const { user } = renderPage();
    const card = await guideCard('Rosa Huaman');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    card.getByRole('button', { name: 'Copy join code for Rosa Huaman' }).focus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenLastCalledWith('K7M2QX9PAB');
    expect((await toast()).textContent).toContain('Copied!');

    card.getByRole('button', { name: 'Copy activation link for Rosa Huaman' }).focus();
    await user.keyboard(' ');
    expect(writeText).toHaveBeenLastCalledWith('https://wa.me/51987654321?text=JOIN-K7M2QX9PAB');
    await waitFor(async () =>
      expect((await toast()).textContent).toContain('Activation link copied'),
    );
  });

  it('opens the activation link in a new tab', async () => {
    renderPage();
    const card = await guideCard('Rosa Huaman');
    const open = card.getByRole('link', { name: 'Open activation link for Rosa Huaman' });
    expect(open.getAttribute('href')).toBe('https://wa.me/51987654321?text=JOIN-K7M2QX9PAB');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
  });

  it("says 'Failed to copy to clipboard' when the browser refuses", async () => {
    const { user } = renderPage();
    const card = await guideCard('Rosa Huaman');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied'));
    await user.click(card.getByRole('button', { name: 'Copy join code for Rosa Huaman' }));
    const shown = await toast();
    expect(shown.textContent).toContain('Failed to copy to clipboard');
    expect(shown.textContent).toContain('K7M2QX9PAB');
  });

  // One button per test: the first button's toast would still be on screen for the second.
  it.each(['Open', 'Copy'])(
    "says 'Configuration Error' when %s activation link is pressed and the number is not 8 to 15 digits",
    async (verb) => {
      const { user } = renderPage({
        'GET /api/admin/guides': json(buildGuideList([rosa], { whatsappNumber: '+51 987' })),
      });
      const card = await guideCard('Rosa Huaman');
      const writeText = vi.spyOn(navigator.clipboard, 'writeText');
      expect(screen.getByText('Activation links are unavailable')).toBeTruthy();
      expect(card.queryByRole('link', { name: /Open activation link/ })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      await user.click(
        card.getByRole('button', { name: `${verb} activation link for Rosa Huaman` }),
      );
      expect((await toast()).textContent).toContain('Configuration Error');
      expect(writeText).not.toHaveBeenCalled();
      // The join code itself can still be copied.
      await user.click(card.getByRole('button', { name: 'Copy join code for Rosa Huaman' }));
      expect(writeText).toHaveBeenCalledWith('K7M2QX9PAB');
    },
  );

  it('offers search by name or zone, and a status filter, once the list is long', async () => {
    const many = [
      rosa,
      luis,
      ...['Ana', 'Beto', 'Carla', 'Dario', 'Elena'].map((name) =>
        buildGuide({ name, zones: ['Arequipa'] }),
      ),
    ];
    const { user } = renderPage({ 'GET /api/admin/guides': json(buildGuideList(many)) });
    const search = await screen.findByRole('searchbox', { name: 'Search guides' });
    await user.type(search, 'huaraz');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Luis Condori',
    ]);
    expect(screen.getByText('Showing 1 of 7 guides')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'rosa');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Rosa Huaman',
    ]);
    await user.click(screen.getByRole('radio', { name: 'WhatsApp connected' }));
    expect(screen.getByText('No guide matches this search.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all guides' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);
    // The button is gone with the empty result: the keyboard goes back to the search.
    await waitFor(() => expect(document.activeElement).toBe(search));
  });

  it('shows no search for a short list', async () => {
    renderPage();
    await guideCard('Rosa Huaman');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('reads the list again on Refresh', async () => {
    let connected = false;
    const { user } = renderPage({
      'GET /api/admin/guides': () =>
        json(buildGuideList([connected ? { ...rosa, whatsappId: '51999888777' } : rosa])),
    });
    const card = await guideCard('Rosa Huaman');
    expect(card.getByText('Pending activation')).toBeTruthy();
    connected = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await card.findByText('WhatsApp connected')).toBeTruthy();
  });

  it('keeps the focus on Refresh while the list is read again', async () => {
    let answer: (response: Response) => void = () => {};
    let calls = 0;
    const { user } = renderPage({
      'GET /api/admin/guides': () => {
        calls += 1;
        return calls === 1
          ? json(buildGuideList([rosa]))
          : new Promise<Response>((resolve) => {
              answer = resolve;
            });
      },
    });
    await guideCard('Rosa Huaman');
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await user.click(refresh);
    await waitFor(() => expect(refresh.getAttribute('aria-disabled')).toBe('true'));
    expect(refresh).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(refresh);
    answer(json(buildGuideList([luis])));
    await guideCard('Luis Condori');
    expect(document.activeElement).toBe(refresh);
  });

  it('keeps the failure and its busy Retry while asked again, then gives the list the focus', async () => {
    let answer: (response: Response) => void = () => {};
    let calls = 0;
    const { user } = renderPage({
      'GET /api/admin/guides': () => {
        calls += 1;
        return calls === 1
          ? apiError(500, 'INTERNAL', 'Internal server error')
          : new Promise<Response>((resolve) => {
              answer = resolve;
            });
      },
    });
    const alert = await screen.findByRole('alert');
    const retry = within(alert).getByRole('button', { name: 'Retry' });
    await user.click(retry);
    await waitFor(() => expect(retry.getAttribute('aria-disabled')).toBe('true'));
    expect(retry.isConnected).toBe(true);
    expect(retry).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(retry);
    answer(json(buildGuideList([rosa])));
    await guideCard('Rosa Huaman');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Guides' }),
      ),
    );
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuide, buildGuideList, buildUser } from '@trek/shared/testing/builders';
import { heldAnswer, json, mockApi } from '@trek/shared/testing/mock-api';
import { renderRoutes } from '@trek/shared/testing/render';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CreateGuideForm } from './create-guide-form';
import { GuideManagement } from './guide-management';

const NO_LINKS =
  "Eva Quispe is in the list. Activation links can't be made until the business WhatsApp number (WHATSAPP_NUMBER) is configured on the server.";

/**
 * Renders `element` for an admin whose guide list answers `whatsappNumber`, waits for `ready` (a
 * text) if given, creates Eva and returns the toast's text.
 */
async function createEva(
  element: ReactNode,
  {
    whatsappNumber = '51987654321',
    ready,
  }: { whatsappNumber?: string | null; ready?: string } = {},
) {
  mockApi({
    user: buildUser({ isAdmin: true }),
    routes: {
      'GET /api/admin/guides': json(buildGuideList([], { whatsappNumber })),
      'POST /api/admin/guides': json(buildGuide({ name: 'Eva Quispe' }), 201),
    },
  });
  renderRoutes([{ path: '*', element }], { path: '/admin/guides' });
  const user = userEvent.setup();
  if (ready) await screen.findByText(ready);
  await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Eva Quispe');
  await user.click(screen.getByRole('button', { name: 'Create guide' }));
  const toast = await screen.findByRole('alert');
  expect(toast.textContent).toContain('Guide created successfully');
  return toast.textContent;
}

describe("CreateGuideForm: the created toast's message is true", () => {
  it('says the activation link can be sent when links can be made', async () => {
    expect(await createEva(<CreateGuideForm activationLinks />)).toContain(
      'Eva Quispe can now be sent the activation link.',
    );
  });

  it('says links wait for the WhatsApp number when they cannot be made', async () => {
    const message = await createEva(<CreateGuideForm activationLinks={false} />);
    expect(message).toContain(NO_LINKS);
    expect(message).not.toContain('can now be sent');
  });

  it('promises no link while the page does not know yet', async () => {
    const message = await createEva(<CreateGuideForm activationLinks={undefined} />);
    expect(message).toContain('Eva Quispe is in the list.');
    expect(message).not.toContain('activation link');
  });

  it('is told by the page, which knows from the list that no number is set', async () => {
    const message = await createEva(<GuideManagement />, {
      whatsappNumber: null,
      ready: 'Activation links are unavailable',
    });
    expect(message).toContain(NO_LINKS);
  });
});

describe('CreateGuideForm: a refused name', () => {
  /** Pastes `name` into an empty form, presses 'Create guide' and returns the Name field. */
  async function submitName(name: string) {
    const api = mockApi({ user: buildUser({ isAdmin: true }) });
    renderRoutes([{ path: '*', element: <CreateGuideForm activationLinks /> }], {
      path: '/admin/guides',
    });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: /Name/ });
    await user.click(field);
    await user.paste(name);
    await user.click(screen.getByRole('button', { name: 'Create guide' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo('POST /api/admin/guides')).toEqual([]);
    return field;
  }

  const errorOf = (field: HTMLElement) =>
    document.getElementById(field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')
      ?.textContent;

  it("keeps the field's own message alone when the name is refused for a tab", async () => {
    const field = await submitName('Juan\tPérez');
    expect(errorOf(field)).toBe('Please remove control characters such as tabs.');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Guide name is required" as a toast too when only invisible characters were typed', async () => {
    const field = await submitName('\u200E\u3164');
    expect(errorOf(field)).toBe('Guide name is required');
    expect((await screen.findByRole('alert')).textContent).toContain('Guide name is required');
  });
});

describe('CreateGuideForm: a double click answered within it', () => {
  it("ignores the second click: the success stays, no 'Guide name is required'", async () => {
    const api = mockApi({
      user: buildUser({ isAdmin: true }),
      routes: { 'POST /api/admin/guides': json(buildGuide({ name: 'Eva Quispe' }), 201) },
    });
    renderRoutes([{ path: '*', element: <CreateGuideForm activationLinks /> }], {
      path: '/admin/guides',
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.type(name, 'Eva Quispe');
    const create = screen.getByRole('button', { name: 'Create guide' });
    // The first click, answered (the form emptied) before the second of the double click.
    fireEvent.pointerDown(create, { pointerType: 'mouse' });
    fireEvent.click(create, { detail: 1 });
    await waitFor(() => expect(name).toHaveProperty('value', ''));
    fireEvent.pointerDown(create, { pointerType: 'mouse' });
    fireEvent.click(create, { detail: 2 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    expect(screen.getByRole('alert').textContent).toContain('Guide created successfully');
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    expect(api.callsTo('POST /api/admin/guides')).toHaveLength(1);

    // Enter in a field still creates the next guide.
    await user.type(name, 'Luis Condori{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/admin/guides')).toHaveLength(2));
  });
});

describe("CreateGuideForm: while 'Create guide' is on its way", () => {
  it('keeps the fields read-only and focusable, so the success empties nothing typed meanwhile', async () => {
    const held = heldAnswer();
    const api = mockApi({
      user: buildUser({ isAdmin: true }),
      routes: { 'POST /api/admin/guides': held.route },
    });
    renderRoutes([{ path: '*', element: <CreateGuideForm activationLinks /> }], {
      path: '/admin/guides',
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Name/ });
    const zones = screen.getByRole('textbox', { name: /Zones/ });
    const locale = screen.getByRole('combobox', { name: /Locale/ });
    const active = screen.getByRole('switch', { name: 'Active' });
    await user.type(name, 'Eva Quispe');
    await user.type(zones, 'Cusco');
    await user.click(screen.getByRole('button', { name: 'Create guide' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/guides')).toHaveLength(1));

    // The admin starts on the next guide before the answer.
    await user.click(name);
    await user.type(name, ' Luis');
    await user.type(zones, ', Lares');
    await user.selectOptions(locale, 'fr');
    await user.click(active);
    expect(document.activeElement).toBe(active);
    expect(name).toHaveProperty('value', 'Eva Quispe');
    expect(zones).toHaveProperty('value', 'Cusco');
    expect(locale).toHaveProperty('value', 'es');
    expect(active).toHaveProperty('checked', true);
    for (const field of [name, zones]) expect(field).toHaveProperty('readOnly', true);
    for (const field of [locale, active]) expect(field.getAttribute('aria-readonly')).toBe('true');

    held.answer(json(buildGuide({ name: 'Eva Quispe' }), 201));
    expect((await screen.findByRole('alert')).textContent).toContain('Guide created successfully');
    await waitFor(() => expect(name).toHaveProperty('value', ''));
    expect(name).toHaveProperty('readOnly', false);
    expect(document.activeElement).toBe(name);
    await user.type(name, 'Luis Condori');
    expect(name).toHaveProperty('value', 'Luis Condori');
  });
});

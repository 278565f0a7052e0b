import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildUser } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { renderRoutes } from '@trek/shared/testing/render';
import { describe, expect, it } from 'vitest';
import { AccountSection } from './account-section';

const user = buildUser();
const pending = { email: 'ana.next@example.com', expiresAt: '2030-01-08T10:00:00.000Z' };

/** The section for Ana, with an e-mail change pending; a save answers as the API would. */
function renderSection() {
  const api = mockApi({
    user,
    routes: {
      'GET /api/user/email-change': json({ emailChange: pending }),
      'PUT /api/user/profile': json({ user, emailChange: null }),
    },
  });
  renderRoutes([{ path: '/u/settings', element: <AccountSection user={user} /> }], {
    path: '/u/settings',
  });
  return api;
}

/** Back in the view state with the focus on Edit, as after a save; then nothing was sent or said. */
async function expectBackWithNothingSent(api: ReturnType<typeof mockApi>, edit: string) {
  await waitFor(() =>
    expect(document.activeElement).toBe(screen.getByRole('button', { name: edit })),
  );
  // A request, had one been sent, would have been answered (and its toast shown) by now.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(api.callsTo('PUT /api/user/profile')).toHaveLength(0);
  expect(screen.queryByText('Profile updated successfully')).toBeNull();
  expect(screen.queryByText('Check your email')).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();
}

describe('AccountSection: saving an unchanged value', () => {
  it('sends nothing for the same display name, spaces around it aside', async () => {
    const api = renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit display name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), '  {Enter}');
    await expectBackWithNothingSent(api, 'Edit display name');
    expect(screen.getByText('Ana Quispe')).toBeTruthy();
  });

  it('sends nothing for the current e-mail in other capitals, and the pending change stays', async () => {
    const api = renderSection();
    expect(await screen.findByText('Confirm your new email address')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit email' }));
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, ' Ana.Quispe@Example.COM ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectBackWithNothingSent(api, 'Edit email');
    expect(screen.getByText('Confirm your new email address')).toBeTruthy();
  });

  it('still sends a changed display name', async () => {
    const api = renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit display name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), ' Q{Enter}');
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT /api/user/profile')[0]?.body).toEqual({
      displayName: 'Ana Quispe Q',
    });
  });
});

describe('AccountSection: standing notices', () => {
  it('shows a pending e-mail change as a named region, not an alert read out on every visit', async () => {
    renderSection();
    const notice = await screen.findByRole('region', { name: 'Confirm your new email address' });
    expect(notice.textContent).toContain('ana.next@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a placeholder e-mail for a real address in a named region, not an alert', async () => {
    mockApi({
      user,
      routes: { 'GET /api/user/email-change': json({ emailChange: null }) },
    });
    const placeholder = buildUser({
      email: 'facebook-1@users.trekperu.invalid',
      hasTemporaryEmail: true,
    });
    renderRoutes([{ path: '/u/settings', element: <AccountSection user={placeholder} /> }], {
      path: '/u/settings',
    });
    expect(screen.getByRole('region', { name: 'Email address required' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, userQueryOptions } from '@trek/shared';
import { buildUser } from '@trek/shared/testing/builders';
import { apiError, heldAnswer, json, mockApi, never } from '@trek/shared/testing/mock-api';
import { StrictMode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderPage } from '../test/render';
import SettingsPage from './settings-page';

const methods = (overrides: Record<string, unknown> = {}) => ({
  google: { connected: true, emailVerified: true },
  facebook: { connected: false, emailVerified: false },
  magicLink: { connected: true, emailVerified: true },
  hasMultipleMethods: true,
  ...overrides,
});
const settings = {
  emailNotifications: true,
  newsletters: false,
  promotions: false,
  projectUpdates: true,
};

/** The page's calls answered as for a traveler with Google and a magic link. */
function settingsApi(
  routes: Parameters<typeof mockApi>[0] extends infer O
    ? O extends { routes?: infer R }
      ? R
      : never
    : never = {},
  user = buildUser(),
) {
  return mockApi({
    user,
    routes: {
      'GET /api/auth/methods': json(methods()),
      'GET /api/user/settings': json(settings),
      'GET /api/user/email-change': json({ emailChange: null }),
      ...routes,
    },
  });
}

const section = (name: string) => screen.getByRole('region', { name });

/** Counts the toasts asked for with a title, shown or not (one shows at a time). */
function countToasts(title: string) {
  const show = vi.spyOn(notifications, 'show');
  onTestFinished(() => show.mockRestore());
  return () => show.mock.calls.filter(([toast]) => toast.title === title).length;
}

describe('SettingsPage (exposed as account/SettingsPage)', () => {
  it('shows the four sections, each with its data', async () => {
    settingsApi();
    renderPage(<SettingsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    for (const name of ['Account', 'Sign-in Methods', 'Notifications', 'Security & Privacy']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(await within(section('Account')).findByText('Ana Quispe')).toBeTruthy();
    expect(within(section('Account')).getByText('ana.quispe@example.com')).toBeTruthy();
    expect(
      await within(section('Notifications')).findByRole('switch', { name: /Newsletters/ }),
    ).toBeTruthy();
    expect(screen.queryByText('Email address required')).toBeNull();
  });

  it('shows loading while a section waits, and an error with Retry when it fails', async () => {
    let fail = true;
    settingsApi({
      'GET /api/auth/methods': () =>
        fail ? apiError(500, 'INTERNAL', 'Internal server error') : json(methods()),
      'GET /api/user/settings': () => never(),
    });
    renderPage(<SettingsPage />);
    // What a screen reader gets: one status per section waiting, in words.
    const waitingSection = await screen.findByRole('region', { name: 'Notifications' });
    const waiting = await within(waitingSection).findByRole('status');
    expect(waiting.textContent).toBe('Loading notifications…');
    expect(within(waitingSection).getAllByText(/Loading/)).toHaveLength(1);
    expect(await screen.findByText("We couldn't load your sign-in methods.")).toBeTruthy();
    fail = false;
    await userEvent.click(
      within(section('Sign-in Methods')).getByRole('button', {
        name: 'Retry loading your sign-in methods',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Unlink Google' })).toBeTruthy();
  });

  it('names each Retry after what it reads again, beginning with its visible word', async () => {
    const failed = () => apiError(500, 'INTERNAL', 'Internal server error');
    settingsApi({
      'GET /api/auth/methods': failed,
      'GET /api/user/settings': failed,
      'GET /api/user/email-change': failed,
    });
    renderPage(<SettingsPage />);
    await screen.findByText("We couldn't load your notification settings.");
    await screen.findByText("We couldn't load your sign-in methods.");
    await screen.findByText("We couldn't check for a pending email change.");
    const retries = screen.getAllByRole('button', { name: /^Retry/ });
    expect(retries.map((button) => button.textContent)).toEqual(['Retry', 'Retry', 'Retry']);
    expect(retries.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Retry checking for a pending email change',
      'Retry loading your sign-in methods',
      'Retry loading your notification settings',
    ]);
  });

  it('keeps the keyboard on Retry while the read is asked again, and gives it to the heading when it loads', async () => {
    // The answer to the read on its way, once the page has asked.
    let pending: ((response: Response) => void) | null = null;
    const answer = async (response: Response) => {
      await waitFor(() => expect(pending).not.toBeNull());
      const resolve = pending;
      pending = null;
      await act(async () => resolve?.(response));
    };
    const failed = () => apiError(500, 'INTERNAL', 'Internal server error');
    let first = true;
    settingsApi({
      'GET /api/user/settings': () => {
        if (first) {
          first = false;
          return failed();
        }
        return new Promise<Response>((resolve) => {
          pending = resolve;
        });
      },
    });
    renderPage(<SettingsPage />);
    await screen.findByText("We couldn't load your notification settings.");
    const retry = within(section('Notifications')).getByRole('button', {
      name: 'Retry loading your notification settings',
    });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    // Asked again: the failure and its (busy) Retry stay, with the focus.
    await waitFor(() => expect(retry.getAttribute('aria-disabled')).toBe('true'));
    expect(screen.queryByText('Loading notifications…')).toBeNull();
    expect(document.activeElement).toBe(retry);
    // It fails again: the same Retry, focused, ready.
    await answer(failed());
    await waitFor(() => expect(retry.hasAttribute('aria-disabled')).toBe(false));
    expect(retry.isConnected).toBe(true);
    expect(document.activeElement).toBe(retry);
    // ...and it says so: the alert as it was would tell a screen reader nothing.
    expect(within(section('Notifications')).getByRole('status').textContent).toBe(
      "Still couldn't load. Try again later.",
    );
    await userEvent.keyboard('{Enter}');
    await answer(json(settings));
    expect(
      await within(section('Notifications')).findByRole('switch', { name: /Newsletters/ }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Notifications' }),
      ),
    );
  });

  it('keeps the keyboard when the pending email change is read again', async () => {
    let fail = true;
    settingsApi({
      'GET /api/user/email-change': () =>
        fail ? apiError(500, 'INTERNAL', 'Internal server error') : json({ emailChange: null }),
    });
    renderPage(<SettingsPage />);
    await screen.findByText("We couldn't check for a pending email change.");
    const retry = within(section('Account')).getByRole('button', {
      name: 'Retry checking for a pending email change',
    });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(retry));
    fail = false;
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByText("We couldn't check for a pending email change.")).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Account' }),
      ),
    );
  });

  it('edits the display name: saving returns to the view with the new name', async () => {
    const api = settingsApi({
      'PUT /api/user/profile': ({ body }) =>
        json({
          user: buildUser({ displayName: (body as { displayName: string }).displayName }),
          emailChange: null,
        }),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit display name' }));
    const input = screen.getByRole('textbox', { name: 'Display name' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a display name.')).toBeTruthy();
    await userEvent.type(input, 'A'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please keep your display name to 100 characters or fewer.'),
    ).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'Ana of the Andes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(await screen.findByText('Ana of the Andes')).toBeTruthy();
    expect(api.callsTo('PUT /api/user/profile')[0]?.body).toEqual({
      displayName: 'Ana of the Andes',
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit display name' }),
      ),
    );
  });

  it('says when the profile could not be saved, and keeps the edit open', async () => {
    settingsApi({ 'PUT /api/user/profile': apiError(500, 'INTERNAL', 'Internal server error') });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit display name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), ' Q.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Display name' })).toBeTruthy();
  });

  it('says the session ended when the save is answered 401, and asks who is signed in again', async () => {
    let signedIn = true;
    const api = settingsApi({
      'GET /api/auth/user': () =>
        signedIn ? json(buildUser()) : apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
      'PUT /api/user/profile': apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit display name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), ' Q.');
    signedIn = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Trying again cannot work: the toast left showing says why, not 'Failed to update profile'.
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.queryByText('Failed to update profile')).toBeNull();
    // The host's guard then sends the page to sign-in, once this read says no one.
    await waitFor(() => expect(api.callsTo('GET /api/auth/user')).toHaveLength(2));
  });

  it('says on the e-mail field why a change was refused: too many links, or a link not sent', async () => {
    let answer = apiError(429, 'RATE_LIMITED', 'Too many', { 'retry-after': '600' });
    settingsApi({ 'PUT /api/user/profile': () => answer });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit email' }));
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Too many requests. Please try again in 10 minutes.'),
    ).toBeTruthy();
    expect(screen.getByText('Failed to update profile')).toBeTruthy();
    act(() => notifications.clean());
    answer = apiError(502, 'MAIL_NOT_SENT', 'Could not send the e-mail. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not send the e-mail. Please try again.')).toBeTruthy();
  });

  it('changes the e-mail through a link to the new address, and says where it went', async () => {
    let pending: unknown = null;
    settingsApi({
      'GET /api/user/email-change': () => json({ emailChange: pending }),
      'PUT /api/user/profile': ({ body }) => {
        const email = (body as { email: string }).email;
        if (email === 'taken@example.com') {
          return apiError(
            409,
            'EMAIL_TAKEN',
            'This email address is already used by another account.',
          );
        }
        pending = { email, expiresAt: '2030-01-08T10:00:00.000Z' };
        return json({ user: buildUser(), emailChange: pending });
      },
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit email' }));
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This email address is already used by another account.'),
    ).toBeTruthy();
    expect(screen.getByText('Failed to update profile')).toBeTruthy();
    // One toast at a time: the next one waits until this one is gone.
    act(() => notifications.clean());
    await userEvent.clear(input);
    await userEvent.type(input, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    const notice = await screen.findByText('Confirm your new email address');
    expect(notice.closest('[role="region"]')?.textContent).toContain('new@example.com');
    // The e-mail shown is still the proven one.
    expect(within(section('Account')).getByText('ana.quispe@example.com')).toBeTruthy();
  });

  it('asks a placeholder e-mail for a real address', async () => {
    settingsApi(
      {},
      buildUser({ email: 'facebook-1@users.trekperu.invalid', hasTemporaryEmail: true }),
    );
    renderPage(<SettingsPage />);
    expect(await screen.findByText('Email address required')).toBeTruthy();
    expect(screen.getByText('No email address yet')).toBeTruthy();
    expect(screen.queryByText('facebook-1@users.trekperu.invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export my data' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('offers to send the saved trek request once the new e-mail is confirmed', async () => {
    window.localStorage.setItem(
      'trek.wizardFormData',
      JSON.stringify({
        trek: 'Lares',
        duration: '4 days / 3 nights',
        dates: {
          flexible: false,
          flexibilityWindowDays: null,
          start: '2030-01-07',
          end: '2030-01-10',
        },
        travelers: 1,
        languages: ['english'],
        utm: { source: '', medium: '', campaign: '' },
      }),
    );
    settingsApi();
    const updated = countToasts('Email address updated');
    // The host's strict mode runs effects twice: the toast still shows once.
    const { router } = renderPage(
      <StrictMode>
        <SettingsPage />
      </StrictMode>,
      '/u/settings?email=changed',
    );
    expect(await screen.findByText('Email address updated')).toBeTruthy();
    const send = await screen.findByRole('link', { name: 'Send my trek request' });
    expect(send.getAttribute('href')).toBe('/create-project?auth=success');
    expect(router.state.location.search).toBe('');
    expect(updated()).toBe(1);
    // Only the press asks the wizard to send the request: its address alone does not.
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(send);
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).not.toBeNull();
  });

  it('says nothing of an updated e-mail while the account has only a placeholder', async () => {
    localStorage.setItem('trek.wizardFormData', JSON.stringify({ trek: 'Lares' }));
    settingsApi(
      {},
      buildUser({ email: 'facebook-1@users.trekperu.invalid', hasTemporaryEmail: true }),
    );
    const { router } = renderPage(<SettingsPage />, '/u/settings?email=changed');
    expect(await screen.findByText('Email address required')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Email address updated')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send my trek request' })).toBeNull();
  });

  it('says the e-mail was updated once a later read of the account shows a real address', async () => {
    let user = buildUser({
      email: 'facebook-1@users.trekperu.invalid',
      hasTemporaryEmail: true,
    });
    settingsApi({ 'GET /api/auth/user': () => json(user) });
    const updated = countToasts('Email address updated');
    const { router, queryClient } = renderPage(
      <StrictMode>
        <SettingsPage />
      </StrictMode>,
      '/u/settings?email=changed',
    );
    expect(await screen.findByText('Email address required')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Email address updated')).toBeNull();
    user = buildUser({ email: 'ana@example.com' });
    await act(() => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }));
    expect(await screen.findByText('Your email address is now ana@example.com.')).toBeTruthy();
    // Another read says nothing again.
    await act(() => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }));
    expect(updated()).toBe(1);
  });
});

describe('sign-in methods', () => {
  it('links Google and Facebook through the provider, and says which is connected and verified', async () => {
    settingsApi({
      'GET /api/auth/methods': json(
        methods({ magicLink: { connected: true, emailVerified: false } }),
      ),
    });
    renderPage(<SettingsPage />);
    const link = await screen.findByRole('link', { name: 'Link Facebook' });
    expect(link.getAttribute('href')).toBe('/auth/facebook?mode=link&returnTo=/u/settings');
    const methodsSection = section('Sign-in Methods');
    expect(within(methodsSection).getAllByText('Connected')).toHaveLength(2);
    expect(within(methodsSection).getByText('Not connected')).toBeTruthy();
    expect(within(methodsSection).getByText('Not verified')).toBeTruthy();
  });

  it('unlinks a method after confirming it', async () => {
    const api = settingsApi({ 'POST /api/auth/unlink': json({ success: true }) });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Google?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(
      await screen.findByText('Your Google account has been successfully unlinked.'),
    ).toBeTruthy();
    expect(screen.getByText('Account unlinked')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/unlink')[0]?.body).toEqual({ provider: 'google' });
    // The methods are read again.
    await waitFor(() => expect(api.callsTo('GET /api/auth/methods').length).toBe(2));
  });

  it("shows the server's message when unlinking fails", async () => {
    settingsApi({
      'POST /api/auth/unlink': apiError(
        409,
        'LAST_SIGN_IN_METHOD',
        'You cannot remove your only sign-in method.',
      ),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }),
    );
    expect(await screen.findByText('Failed to unlink account')).toBeTruthy();
    expect(screen.getByText('You cannot remove your only sign-in method.')).toBeTruthy();
  });

  it('cannot unlink the only method left, and says why', async () => {
    settingsApi({
      'GET /api/auth/methods': json(
        methods({ google: { connected: false, emailVerified: false }, hasMultipleMethods: false }),
      ),
    });
    renderPage(<SettingsPage />);
    const unlink = await screen.findByRole('button', { name: 'Unlink Magic link' });
    expect(unlink.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('You cannot remove your only sign-in method.')).toBeTruthy();
  });

  it('links the magic link by e-mailing a sign-in link to the account', async () => {
    const api = settingsApi({
      'GET /api/auth/methods': json(
        methods({ magicLink: { connected: false, emailVerified: false } }),
      ),
      'POST /api/auth/link-magic-link': json({ success: true, message: 'Check your email.' }),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Link Magic link' }));
    expect(
      await screen.findByText(/We sent a sign-in link to ana.quispe@example.com/),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/auth/link-magic-link')).toHaveLength(1);
  });

  it('sends one magic link for a double click whose first click is answered before the second', async () => {
    const api = settingsApi({
      'GET /api/auth/methods': json(
        methods({ magicLink: { connected: false, emailVerified: false } }),
      ),
      'POST /api/auth/link-magic-link': json({ success: true, message: 'Check your email.' }),
    });
    renderPage(<SettingsPage />);
    const link = await screen.findByRole('button', { name: 'Link Magic link' });
    fireEvent.click(link, { detail: 1 });
    expect(
      await screen.findByText(/We sent a sign-in link to ana.quispe@example.com/),
    ).toBeTruthy();
    await waitFor(() => expect(link.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(link, { detail: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/auth/link-magic-link')).toHaveLength(1);
  });

  it('says a provider was linked when coming back from it, once', async () => {
    settingsApi({
      'GET /api/auth/methods': json(
        methods({ facebook: { connected: true, emailVerified: true } }),
      ),
    });
    const linked = countToasts('Account linked');
    // The host's strict mode runs effects twice: the toast still shows once.
    const { router } = renderPage(
      <StrictMode>
        <SettingsPage />
      </StrictMode>,
      '/u/settings?linked=facebook',
    );
    expect(await screen.findByText('Your Facebook sign-in method is now connected.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(linked()).toBe(1);
  });

  it('says nothing of a link the sign-in methods do not show', async () => {
    settingsApi({
      'GET /api/auth/methods': json(
        methods({ magicLink: { connected: false, emailVerified: false } }),
      ),
    });
    // Facebook and the magic link are not connected; 'twitter' is no method at all.
    for (const name of ['facebook', 'magicLink', 'twitter']) {
      const view = renderPage(<SettingsPage />, `/u/settings?linked=${name}`);
      expect(await screen.findByRole('link', { name: 'Link Facebook' })).toBeTruthy();
      await waitFor(() => expect(view.router.state.location.search).toBe(''));
      expect(screen.queryByText('Account linked')).toBeNull();
      view.unmount();
    }
  });

  it('waits for the sign-in methods before saying a method was linked', async () => {
    const held = heldAnswer();
    settingsApi({
      'GET /api/auth/methods': held.route,
    });
    const { router } = renderPage(<SettingsPage />, '/u/settings?linked=magicLink');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Account linked')).toBeNull();
    await act(async () => held.answer(json(methods())));
    expect(
      await screen.findByText('Your Magic link sign-in method is now connected.'),
    ).toBeTruthy();
  });

  it('says why a provider was not linked to an account whose e-mail nobody has proven', async () => {
    settingsApi();
    const { router } = renderPage(<SettingsPage />, '/u/settings?error=email_unproven');
    expect(await screen.findByText('Failed to link account')).toBeTruthy();
    expect(screen.getByText(/Confirm your email address first/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says a linking cancelled at the provider connected nothing, without calling it a failure', async () => {
    settingsApi();
    const show = vi.spyOn(notifications, 'show');
    onTestFinished(() => show.mockRestore());
    const { router } = renderPage(<SettingsPage />, '/u/settings?error=access_denied');
    expect(await screen.findByText('Linking cancelled')).toBeTruthy();
    expect(
      screen.getByText('Nothing was connected. You can link it whenever you like.'),
    ).toBeTruthy();
    expect(screen.queryByText('Failed to link account')).toBeNull();
    const told = show.mock.calls.find(([toast]) => toast.title === 'Linking cancelled');
    expect(told?.[0].color).not.toBe('red');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says a provider that failed did not link the account', async () => {
    settingsApi();
    const { router } = renderPage(<SettingsPage />, '/u/settings?error=provider_error');
    expect(await screen.findByText('Failed to link account')).toBeTruthy();
    expect(
      screen.getByText('The provider could not connect your account. Please try again.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('notifications', () => {
  it('saves one switch at a time, shown at once', async () => {
    const held = heldAnswer();
    const api = settingsApi({
      'PUT /api/user/settings': held.route,
    });
    renderPage(<SettingsPage />);
    const newsletters = await screen.findByRole('switch', { name: /Newsletters/ });
    // Checked straight after the click event, before any await lets the cache catch up.
    fireEvent.click(newsletters);
    expect((newsletters as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(api.callsTo('PUT /api/user/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /api/user/settings')[0]?.body).toEqual({ newsletters: true });
    // Busy while it is saved, heard and seen (a spinner in the thumb): a click meanwhile is ignored.
    const spinner = () =>
      newsletters.closest('.mantine-Switch-root')?.querySelector('.mantine-Loader-root') ?? null;
    expect(newsletters.getAttribute('aria-busy')).toBe('true');
    expect(spinner()).not.toBeNull();
    held.answer(json({ ...settings, newsletters: true }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect((newsletters as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(newsletters.getAttribute('aria-busy')).toBeNull());
    expect(spinner()).toBeNull();
  });

  it('puts a switch back when saving it fails', async () => {
    settingsApi({ 'PUT /api/user/settings': apiError(500, 'INTERNAL', 'Internal server error') });
    renderPage(<SettingsPage />);
    const promotions = await screen.findByRole('switch', { name: /Promotions/ });
    await userEvent.click(promotions);
    expect(await screen.findByText('Failed to update settings')).toBeTruthy();
    await waitFor(() => expect((promotions as HTMLInputElement).checked).toBe(false));
  });

  it('shows project updates on and locked', async () => {
    settingsApi();
    renderPage(<SettingsPage />);
    const updates = (await screen.findByRole('switch', {
      name: /Project updates/,
    })) as HTMLInputElement;
    expect(updates.checked).toBe(true);
    expect(updates.disabled).toBe(true);
  });
});

describe('security and privacy', () => {
  it('signs out the other devices after confirming', async () => {
    const api = settingsApi({
      'POST /api/auth/logout-all-devices': json({ success: true, endedSessions: 2 }),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    expect(
      await screen.findByText(
        'Signed out from all other devices. Your current session remains active.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/auth/logout-all-devices')).toHaveLength(1);
  });

  it('asks for a data export and says the link will come by e-mail', async () => {
    settingsApi({
      'POST /api/user/export-data': json({ success: true, message: 'queued' }, 202),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText("We'll email you a download link within 24 hours")).toBeTruthy();
  });

  it('says when the export could not be asked for', async () => {
    settingsApi({
      'POST /api/user/export-data': apiError(500, 'INTERNAL', 'Internal server error'),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Failed to request data export')).toBeTruthy();
  });

  it('says, when the exports of the day are used up, how long to wait', async () => {
    let answer = apiError(
      429,
      'RATE_LIMITED',
      'You can ask for 3 data exports a day. Please try again in 23 hours.',
      { 'retry-after': String(22 * 3600 + 5) },
    );
    settingsApi({ 'POST /api/user/export-data': () => answer });
    renderPage(<SettingsPage />);
    const exportButton = await screen.findByRole('button', { name: 'Export my data' });
    await userEvent.click(exportButton);
    expect(await screen.findByText('Failed to request data export')).toBeTruthy();
    expect(screen.getByText('Too many requests. Please try again in 23 hours.')).toBeTruthy();
    act(() => notifications.clean());
    await waitFor(() => expect(screen.queryByText('Failed to request data export')).toBeNull());
    // Without Retry-After, the server's own sentence says it.
    answer = apiError(
      429,
      'RATE_LIMITED',
      'You can ask for 3 data exports a day. Please try again in 2 hours.',
    );
    await waitFor(() => expect(exportButton.getAttribute('aria-disabled')).toBeNull());
    await userEvent.click(exportButton);
    expect(
      await screen.findByText('You can ask for 3 data exports a day. Please try again in 2 hours.'),
    ).toBeTruthy();
    expect(screen.getByText('Failed to request data export')).toBeTruthy();
  });

  it('deletes the account only once DELETE is typed, then goes to /', async () => {
    const api = settingsApi({ 'DELETE /api/user/delete': json({ success: true }) });
    const { router } = renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }),
      'delete',
    );
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(within(dialog).getByRole('textbox'));
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await userEvent.click(confirm);
    expect(await screen.findByText('Account deleted successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE /api/user/delete')).toHaveLength(1);
  });

  it('offers no way out of the dialog while the deletion is on its way', async () => {
    const held = heldAnswer();
    settingsApi({
      'DELETE /api/user/delete': held.route,
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    await userEvent.click(confirm);
    // No X that would do nothing, a busy button that says what is happening and keeps the
    // keyboard, and a click on the dimmed page does not take the focus away either.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull());
    expect(confirm.textContent).toBe('Deleting...');
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(confirm);
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).toBeTruthy();
    expect(overlay && fireEvent.mouseDown(overlay)).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(
      true,
    );
    held.answer(apiError(500, 'INTERNAL', 'Internal server error'));
    expect(await screen.findByText('Failed to delete account')).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Close' })).toBeTruthy();
    expect(confirm.textContent).toBe('Delete account');
  });

  it('says when the account could not be deleted, and stays', async () => {
    settingsApi({ 'DELETE /api/user/delete': apiError(500, 'INTERNAL', 'Internal server error') });
    const { router } = renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Failed to delete account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/u/settings');
  });
});

/** Presses a button twice in a row, as a double click does, before any answer arrives. */
function pressTwice(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

describe('a write is sent once, and focus stays where the traveler is', () => {
  it('requests one data export for a double click; the busy button keeps the focus', async () => {
    const held = heldAnswer();
    const api = settingsApi({
      'POST /api/user/export-data': held.route,
    });
    renderPage(<SettingsPage />);
    const exportButton = await screen.findByRole('button', { name: 'Export my data' });
    exportButton.focus();
    pressTwice(exportButton);
    await waitFor(() => expect(api.callsTo('POST /api/user/export-data')).toHaveLength(1));
    expect(exportButton.getAttribute('aria-disabled')).toBe('true');
    expect(exportButton.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(exportButton);
    held.answer(json({ success: true, message: 'queued' }, 202));
    expect(await screen.findByText("We'll email you a download link within 24 hours")).toBeTruthy();
    expect(api.callsTo('POST /api/user/export-data')).toHaveLength(1);
    expect(document.activeElement).toBe(exportButton);
  });

  it('requests one data export for a double click whose first click is answered before the second', async () => {
    const api = settingsApi({
      'POST /api/user/export-data': json({ success: true, message: 'queued' }, 202),
    });
    renderPage(<SettingsPage />);
    const exportButton = await screen.findByRole('button', { name: 'Export my data' });
    fireEvent.click(exportButton, { detail: 1 });
    expect(await screen.findByText("We'll email you a download link within 24 hours")).toBeTruthy();
    await waitFor(() => expect(exportButton.getAttribute('aria-disabled')).toBeNull());
    // The second click of the double click (a click count of 2), once the button is ready again.
    fireEvent.click(exportButton, { detail: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/user/export-data')).toHaveLength(1);
    // A click of its own asks again.
    fireEvent.click(exportButton, { detail: 1 });
    await waitFor(() => expect(api.callsTo('POST /api/user/export-data')).toHaveLength(2));
  });

  it('saves a switch once for a double click, and never disables it under the focus', async () => {
    const api = settingsApi({ 'PUT /api/user/settings': () => never() });
    renderPage(<SettingsPage />);
    const newsletters = await screen.findByRole('switch', { name: /Newsletters/ });
    newsletters.focus();
    pressTwice(newsletters);
    await waitFor(() => expect(api.callsTo('PUT /api/user/settings')).toHaveLength(1));
    expect((newsletters as HTMLInputElement).checked).toBe(true);
    expect((newsletters as HTMLInputElement).disabled).toBe(false);
    expect(document.activeElement).toBe(newsletters);
  });

  it('saves the display name once when Enter is pressed twice', async () => {
    const api = settingsApi({
      'PUT /api/user/profile': () =>
        json({ user: buildUser({ displayName: 'Ana Q' }), emailChange: null }),
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit display name' }));
    const input = screen.getByRole('textbox', { name: 'Display name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Ana Q');
    const form = input.closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT /api/user/profile')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit display name' }),
      ),
    );
  });

  it("sends the email's save while the name's is on its way, each Save busy on its own", async () => {
    const api = settingsApi({ 'PUT /api/user/profile': () => never() });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit display name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), ' Q');
    await userEvent.click(screen.getByRole('button', { name: 'Edit email' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana.new@example.com');
    const [saveName, saveEmail] = screen.getAllByRole('button', { name: 'Save' });
    if (!saveName || !saveEmail) throw new Error('two Save buttons expected');
    fireEvent.click(saveName);
    await waitFor(() => expect(saveName.getAttribute('aria-disabled')).toBe('true'));
    expect(saveEmail.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(saveEmail);
    await waitFor(() => expect(api.callsTo('PUT /api/user/profile')).toHaveLength(2));
    expect(api.callsTo('PUT /api/user/profile')[1]?.body).toEqual({
      email: 'ana.new@example.com',
    });
    expect(saveEmail.getAttribute('aria-disabled')).toBe('true');
  });

  it('deletes the account once for a double click', async () => {
    const api = settingsApi({ 'DELETE /api/user/delete': () => never() });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    pressTwice(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /api/user/delete')).toHaveLength(1));
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('DELETE /api/user/delete')).toHaveLength(1);
  });

  it('unlinks once for a double click, then gives focus to the Link button that replaced Unlink', async () => {
    let unlinked = false;
    const api = settingsApi({
      'GET /api/auth/methods': () =>
        json(
          unlinked ? methods({ google: { connected: false, emailVerified: false } }) : methods(),
        ),
      'POST /api/auth/unlink': () => {
        unlinked = true;
        return json({ success: true });
      },
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Google?' });
    pressTwice(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Account unlinked')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/unlink')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Link Google' })),
    );
  });
});

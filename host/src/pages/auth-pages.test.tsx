import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isSignInRequest, STORAGE_KEYS } from '@trek/shared';
import { buildUser } from '@trek/shared/testing/builders';
import { apiError, json, mockApi } from '@trek/shared/testing/mock-api';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  LINKING_LINK_SENT_MAX_AGE_MS,
  rememberLinkingLinkSent,
} from '../features/sign-in/linking-link-sent';
import { renderRoutes, traveler } from '../test/render';
import {
  AuthConflictPage,
  LINKING_EXPIRED,
  LINKING_INCOMPLETE,
  SEND_FAILED,
} from './auth-conflict-page';
import { providerSignInUrl, SignInPage, safeReturnTo } from './sign-in-page';

describe('sign-in page', () => {
  it('passes only a same-origin returnTo, My Projects by default', () => {
    expect(safeReturnTo(null)).toBe('/u/projects');
    expect(safeReturnTo('/u/settings')).toBe('/u/settings');
    expect(safeReturnTo('https://evil.example')).toBe('/u/projects');
    expect(safeReturnTo('//evil.example')).toBe('/u/projects');
    // What the browser's URL parser would make another host of: a backslash it reads as a
    // slash, dot segments it resolves; a tab or newline (which it drops) stays in the path,
    // encoded, so '/\t/evil.example' is a page of this site.
    for (const offSite of ['/\\evil.example', '/.//evil.example', '/%2e%2e//evil.example'])
      expect(safeReturnTo(offSite), offSite).toBe('/u/projects');
    expect(safeReturnTo('/\t/evil.example')).toBe('/%09/evil.example');
    expect(safeReturnTo('/\n/evil.example')).toBe('/%0A/evil.example');
    expect(safeReturnTo('/u/./projects/../settings?tab=1')).toBe('/u/settings?tab=1');
    // Decoded from the query; encoded again, as the link carried it.
    expect(safeReturnTo('/u/projects?q=a b')).toBe('/u/projects?q=a%20b');
    expect(safeReturnTo('/caf%C3%A9')).toBe('/caf%C3%A9');
    expect(safeReturnTo('/\ud800')).toBe('/u/projects');
    // Longer than the API takes: the page without its query, or My Projects if even that is.
    const project = '/u/projects/7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(safeReturnTo(`${project}?utm_source=${'x'.repeat(500)}#top`)).toBe(project);
    expect(safeReturnTo(`${project}?q=${'x'.repeat(400)}`)).toBe(`${project}?q=${'x'.repeat(400)}`);
    expect(safeReturnTo(`/${'x'.repeat(500)}`)).toBe('/u/projects');
    expect(providerSignInUrl('google', '/u/projects/7')).toBe(
      '/auth/google?returnTo=%2Fu%2Fprojects%2F7',
    );
  });

  it('offers Google and Facebook, legal links, and Coming Soon for other providers', async () => {
    mockApi();
    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], {
      path: '/sign-in?error=access_denied',
    });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Sign-in was cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    expect((await screen.findAllByText('Coming Soon')).length).toBeGreaterThan(0);
  });

  it('says how long to wait when the server refused to start another sign-in', async () => {
    mockApi();
    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], {
      path: '/sign-in?error=rate_limited',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts from this network. Please try again within 10 minutes.',
    );
  });

  it('shows a provider the server cannot use as unavailable', async () => {
    mockApi({
      routes: {
        'GET /api/auth/providers': json({
          google: { available: false },
          facebook: { available: true },
        }),
      },
    });
    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], { path: '/sign-in' });
    const google = await screen.findByRole('button', {
      name: 'Continue with Google (unavailable)',
    });
    expect(google.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Continue with Facebook' }).hasAttribute('disabled'),
    ).toBe(false);
  });
});

describe('sign-in page for a signed-in user', () => {
  function renderSignedIn(path: string) {
    mockApi({ user: traveler });
    const view = renderRoutes(
      [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/u/settings', element: <h1>Settings</h1> },
        { path: '/u/projects', element: <h1>My Projects</h1> },
      ],
      { path },
    );
    // Nothing to sign in with while the user is not known yet.
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    return view;
  }

  it('goes on to returnTo, the sign-in page replaced in the history', async () => {
    const { router } = renderSignedIn('/sign-in?returnTo=%2Fu%2Fsettings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it.each([
    ['no returnTo', '/sign-in'],
    ['an off-site returnTo', '/sign-in?returnTo=%2F%2Fevil.example'],
  ])('goes on to My Projects for %s', async (_, path) => {
    const { router } = renderSignedIn(path);
    expect(await screen.findByRole('heading', { name: 'My Projects' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/u/projects');
  });

  it('stays to say why a sign-in came back with an error', async () => {
    renderSignedIn('/sign-in?error=access_denied&returnTo=%2Fu%2Fsettings');
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-in was cancelled');
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });
});

function renderConflict(query: string) {
  return renderRoutes([{ path: '/auth/conflict', element: <AuthConflictPage /> }], {
    path: `/auth/conflict${query}`,
  });
}

/**
 * The wizard at /trek/new as far as these links matter: it opens its sign-in modal only when the
 * location asks for it (as the header's Sign In does); a bare /trek/new is an empty step 1.
 */
function Wizard() {
  const asked = isSignInRequest(useLocation().state);
  return <p>{asked ? 'Wizard with sign-in' : 'Wizard, step 1'}</p>;
}

describe('auth conflict page', () => {
  it('sends a linking link for the e-mail and then says to check it', async () => {
    const api = mockApi({
      routes: {
        'POST /api/auth/send-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
        }),
      },
    });
    renderRoutes([{ path: '/auth/conflict', element: <AuthConflictPage /> }], {
      path: '/auth/conflict?email=&provider=google&token=abc123',
    });
    const send = await screen.findByRole('button', { name: 'Send verification link' });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(
      screen
        .getAllByRole('link', { name: /Use another method|Back to sign in/ })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/trek/new', '/trek/new']);
    await userEvent.type(screen.getByLabelText(/Email/), 'ana@example.com');
    await userEvent.click(send);
    const sent = await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(document.activeElement).toBe(sent);
    expect(screen.getByRole('status').textContent).toContain('Check Your Email');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/trek/new');
    expect(api.callsTo('POST /api/auth/send-magic-link')[0]?.body).toEqual({
      email: 'ana@example.com',
      linkingToken: 'abc123',
      provider: 'google',
      purpose: 'account_linking',
    });
  });

  it("'Use another method' and 'Back to sign in' open the wizard's sign-in; Continue does not", async () => {
    mockApi({
      routes: {
        'POST /api/auth/send-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
        }),
      },
    });
    const query = '?email=ana%40example.com&provider=google&token=abc123';
    const routes = [
      { path: '/auth/conflict', element: <AuthConflictPage /> },
      { path: '/trek/new', element: <Wizard /> },
    ];
    for (const name of ['Use another method', 'Back to sign in']) {
      renderRoutes(routes, { path: `/auth/conflict${query}` });
      await userEvent.click(await screen.findByRole('link', { name }));
      expect(await screen.findByText('Wizard with sign-in'), name).toBeTruthy();
      cleanup();
    }
    // Sent: the sign-in is the link in the e-mail; Continue goes on to the wizard without a
    // second sign-in on top.
    renderRoutes(routes, { path: `/auth/conflict${query}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Send verification link' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Continue' }));
    expect(await screen.findByText('Wizard, step 1')).toBeTruthy();
  });

  it('still says to check the e-mail after a reload, for this sign-in attempt only', async () => {
    const api = mockApi({
      routes: {
        'POST /api/auth/send-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
        }),
      },
    });
    const query = '?email=ana%40example.com&provider=google&token=abc123';
    const page = renderRoutes([{ path: '/auth/conflict', element: <AuthConflictPage /> }], {
      path: `/auth/conflict${query}`,
    });
    const field = await screen.findByRole('textbox', { name: /Email/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'ana.q@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    // A reload: the page again from its address, with nothing kept in memory.
    page.unmount();
    renderConflict(query);
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText('ana.q@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/trek/new');
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
    expect(api.callsTo('POST /api/auth/send-magic-link')).toHaveLength(1);
    cleanup();
    // Another attempt (a new sign-in gives a new token) has sent nothing yet.
    renderConflict('?email=ana%40example.com&provider=google&token=def456');
    expect(await screen.findByRole('button', { name: 'Send verification link' })).toBeTruthy();
  });

  it('keeps the sent view after a reload only while the sign-in attempt can still be linked', async () => {
    // Sent 14 minutes after the social sign-in: the link works 15 minutes, the attempt 1 more.
    mockApi({
      routes: {
        'POST /api/auth/send-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
          linkingSecondsLeft: 60,
        }),
      },
    });
    const query = '?email=ana%40example.com&provider=google&token=abc123';
    const page = renderConflict(query);
    await userEvent.click(await screen.findByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    page.unmount();
    const sentAt = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(sentAt + 59_000);
    try {
      renderConflict(query);
      expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
      cleanup();
      // A minute later the attempt is over: no promise that the account "is then linked".
      clock.mockReturnValue(sentAt + 61_000);
      renderConflict(query);
      expect(await screen.findByRole('button', { name: 'Send verification link' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Check Your Email' })).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });

  it('offers the form again once the link sent has expired, or what was kept is unreadable', async () => {
    mockApi();
    const query = '?email=ana%40example.com&provider=google&token=abc123';
    const sent = { token: 'abc123', provider: 'google', email: 'ana@example.com' };
    await rememberLinkingLinkSent(sent, Date.now() - LINKING_LINK_SENT_MAX_AGE_MS - 1000);
    renderConflict(query);
    expect(await screen.findByRole('button', { name: 'Send verification link' })).toBeTruthy();
    // Over: read once, then gone.
    expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).toBeNull();
    cleanup();
    sessionStorage.setItem(STORAGE_KEYS.linkingLinkSent, JSON.stringify({ ...sent, at: 'now' }));
    renderConflict(query);
    expect(await screen.findByRole('button', { name: 'Send verification link' })).toBeTruthy();
    expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).toBeNull();
    cleanup();
    await rememberLinkingLinkSent(sent);
    renderConflict(query);
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
  });

  it('keeps no linking token, only its hash, and forgets the send for another attempt', async () => {
    const token = 'Zq3v8tK1pX9wLm2RbN7cYd4HfJ6sGe0A';
    mockApi({
      routes: {
        'POST /api/auth/send-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
        }),
      },
    });
    const query = `?email=ana%40example.com&provider=google&token=${token}`;
    const page = renderConflict(query);
    await userEvent.click(await screen.findByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    await waitFor(() =>
      expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).not.toBeNull(),
    );
    const kept = sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent) ?? '';
    expect(kept).not.toContain(token);
    page.unmount();
    renderConflict(query);
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    cleanup();
    // Another provider's attempt, then another token: nothing for them, and what was kept goes.
    renderConflict(`?email=ana%40example.com&provider=facebook&token=${token}`);
    expect(await screen.findByRole('button', { name: 'Send verification link' })).toBeTruthy();
    expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).toBeNull();
    cleanup();
    sessionStorage.setItem(STORAGE_KEYS.linkingLinkSent, kept);
    renderConflict('?email=ana%40example.com&provider=google&token=another-token-of-a-new-sign-in');
    expect(await screen.findByRole('button', { name: 'Send verification link' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).toBeNull());
  });

  it('forgets the send once its link has linked the provider (signed in by it, in another tab)', async () => {
    mockApi({
      user: buildUser({ email: 'ana@example.com', providers: [{ provider: 'google' }] }),
    });
    await rememberLinkingLinkSent({
      token: 'abc123',
      provider: 'google',
      email: 'Ana@example.com',
    });
    renderConflict('?email=ana%40example.com&provider=google&token=abc123');
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).toBeNull());
  });

  it('sends one link for a double click on Send verification link', async () => {
    const api = mockApi({
      routes: {
        'POST /api/auth/send-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
        }),
      },
    });
    renderConflict('?email=ana%40example.com&provider=google&token=abc123');
    const send = await screen.findByRole('button', { name: 'Send verification link' });
    // Two clicks in one task, as a fast double click in Chromium: no render in between.
    fireEvent.click(send);
    fireEvent.click(send);
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(api.callsTo('POST /api/auth/send-magic-link')).toHaveLength(1);
  });

  const GENERIC = 'Something went wrong. Please try again.';
  it.each([
    [
      'the server asks to wait',
      'ana%40example.com',
      () => apiError(429, 'RATE_LIMITED', 'Too many', { 'retry-after': '600' }),
      'Too many requests. Please try again in 10 minutes.',
    ],
    [
      'the mail was not sent',
      'ana%40example.com',
      () => apiError(502, 'MAIL_NOT_SENT', 'Mail not sent'),
      GENERIC,
    ],
    [
      'the server failed',
      'ana%40example.com',
      () => apiError(500, 'INTERNAL', 'Internal error'),
      GENERIC,
    ],
    [
      'the network failed',
      'ana%40example.com',
      () => Promise.reject(new TypeError('Failed to fetch')),
      GENERIC,
    ],
    [
      'the server refused the address',
      'ana%40example',
      () => apiError(400, 'VALIDATION', 'email: Invalid email'),
      SEND_FAILED,
    ],
  ])(
    'says inline, in words that fit, when %s, and lets the person try again',
    async (_, email, answer, message) => {
      mockApi({ routes: { 'POST /api/auth/send-magic-link': answer } });
      renderConflict(`?email=${email}&provider=google&token=abc123`);
      await userEvent.click(await screen.findByRole('button', { name: 'Send verification link' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.getByRole('button', { name: 'Send verification link' })).toBeTruthy();
    },
  );

  it('keeps the focus on the busy button while sending, and after a failure', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      routes: {
        'POST /api/auth/send-magic-link': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderConflict('?email=ana%40example.com&provider=google&token=abc123');
    const send = await screen.findByRole('button', { name: 'Send verification link' });
    await userEvent.click(send);
    await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('true'));
    expect(send.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(send);
    answer(apiError(502, 'MAIL_NOT_SENT', 'Mail not sent'));
    expect((await screen.findByRole('alert')).textContent).toBe(GENERIC);
    expect(send.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(send);
  });

  it("removes a failed send's message once the address is edited", async () => {
    mockApi({
      routes: { 'POST /api/auth/send-magic-link': apiError(502, 'MAIL_NOT_SENT', 'Mail not sent') },
    });
    renderConflict('?email=ana%40example.com&provider=google&token=abc123');
    await userEvent.click(await screen.findByRole('button', { name: 'Send verification link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(GENERIC);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send verification link' })).toBeTruthy();
  });

  it.each([
    [
      'an expired token',
      apiError(400, 'LINKING_EXPIRED', 'This request has expired.'),
      LINKING_EXPIRED,
    ],
    // A malformed link (token=bogus) is broken, not late: the incomplete address's dead end.
    [
      'a token refused by shape',
      apiError(400, 'VALIDATION', 'linkingToken: Too small'),
      LINKING_INCOMPLETE,
    ],
  ])('says why no retry can work and offers to sign in again for %s', async (_, refusal, said) => {
    mockApi({ routes: { 'POST /api/auth/send-magic-link': refusal } });
    renderConflict('?email=ana%40example.com&provider=google&token=bogus');
    await userEvent.click(await screen.findByRole('button', { name: 'Send verification link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(said.title + said.message);
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      '/sign-in',
    );
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
  });

  it('asks to check an address changed by hand that the attempt is not for', async () => {
    mockApi({
      routes: {
        'POST /api/auth/send-magic-link': apiError(400, 'LINKING_EXPIRED', 'Expired.'),
      },
    });
    renderConflict('?email=ana%40example.com&provider=google&token=abc123');
    const field = await screen.findByLabelText(/Email/);
    await userEvent.clear(field);
    await userEvent.type(field, 'other@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SEND_FAILED);
  });

  it.each([
    ['an unknown provider', '?provider=apple&email=x%40y.com&token=abc123'],
    ['no parameters', ''],
  ])('offers to sign in again, with no form, for %s', async (_, query) => {
    mockApi();
    renderConflict(query);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(LINKING_INCOMPLETE.title + LINKING_INCOMPLETE.message);
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      '/sign-in',
    );
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
    expect(screen.queryByText(/your provider/)).toBeNull();
  });
});

describe("sign-in page's e-mail link", () => {
  it('sends the magic link with returnTo and moves focus to Check your email', async () => {
    const api = mockApi({
      routes: {
        'POST /api/auth/request-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
        }),
      },
    });
    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], {
      path: '/sign-in?returnTo=%2Fu%2Fsettings',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    const first = await screen.findByLabelText('First Name *');
    expect(document.activeElement).toBe(first);
    // The ' *' is for the eye; a screen reader hears the name and "required".
    for (const name of ['First Name', 'Last Name', 'Email']) {
      expect(screen.getByRole('textbox', { name }).hasAttribute('required')).toBe(true);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText('Please enter your first name.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(0);
    // One message at a time, as in the registration modal, and the keyboard on its field.
    expect(screen.queryByText('Please enter your last name.')).toBeNull();
    expect(screen.queryByText('Please enter your email address.')).toBeNull();
    expect(document.activeElement).toBe(first);
    await userEvent.type(first, 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText('Please enter your last name.')).toBeTruthy();
    expect(screen.queryByText('Please enter your email address.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Last Name *'));
    await userEvent.type(screen.getByLabelText('Last Name *'), 'Quispe');
    await userEvent.type(screen.getByLabelText('Email *'), 'ana@example.com');
    // A double click sends one link.
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send sign-in link' }));
    const sent = await screen.findByRole('heading', { name: 'Check your email' });
    expect(document.activeElement).toBe(sent);
    expect(screen.getByRole('status').textContent).toContain('Check your email');
    expect(api.callsTo('POST /api/auth/request-magic-link').map((call) => call.body)).toEqual([
      { email: 'ana@example.com', firstName: 'Ana', lastName: 'Quispe', redirectTo: '/u/settings' },
    ]);
    // Outside development the answer holds no link, and none is offered.
    expect(screen.queryByRole('link', { name: 'Use test link' })).toBeNull();
  });

  it('offers the link itself as Use test link when the answer holds it (development)', async () => {
    const link = 'http://localhost/api/auth/magic-link?token=t';
    mockApi({
      routes: {
        'POST /api/auth/request-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
          magicLink: link,
        }),
      },
    });
    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], { path: '/sign-in' });
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await userEvent.type(await screen.findByLabelText('First Name *'), 'Ana');
    await userEvent.type(screen.getByLabelText('Last Name *'), 'Quispe');
    await userEvent.type(screen.getByLabelText('Email *'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(screen.getByRole('link', { name: 'Use test link' }).getAttribute('href')).toBe(link);
  });

  it('gives the keyboard to the e-mail field, its answers kept, on Use another address', async () => {
    mockApi({
      routes: {
        'POST /api/auth/request-magic-link': json({
          success: true,
          message: 'Check your email for a sign-in link.',
        }),
      },
    });
    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], { path: '/sign-in' });
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await userEvent.type(await screen.findByLabelText('First Name *'), 'Ana');
    await userEvent.type(screen.getByLabelText('Last Name *'), 'Quispe');
    await userEvent.type(screen.getByLabelText('Email *'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    await userEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    const email = await screen.findByLabelText('Email *');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect((email as HTMLInputElement).value).toBe('ana@example.com');
    expect((screen.getByLabelText('First Name *') as HTMLInputElement).value).toBe('Ana');
  });

  it('offers Resend link after a 60-second countdown, for the same address from either view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const api = mockApi({
        routes: {
          'POST /api/auth/request-magic-link': json({
            success: true,
            message: 'Check your email for a sign-in link.',
          }),
        },
      });
      const sends = () => api.callsTo('POST /api/auth/request-magic-link').map((call) => call.body);
      renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], { path: '/sign-in' });
      await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
      await user.type(await screen.findByLabelText('First Name *'), 'Ana');
      await user.type(screen.getByLabelText('Last Name *'), 'Quispe');
      await user.type(screen.getByLabelText('Email *'), 'ana@example.com');
      await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
      await screen.findByRole('heading', { name: 'Check your email' });

      // Waiting, the button says how long and sends nothing.
      const resend = screen.getByRole('button', { name: 'Resend in 60s' });
      expect(resend.getAttribute('aria-disabled')).toBe('true');
      await user.click(resend);
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole('button', { name: 'Resend in 59s' })).toBeTruthy();
      expect(sends()).toHaveLength(1);
      // The keyboard stays where the person took it while the countdown ticks.
      const another = screen.getByRole('button', { name: 'Use another address' });
      another.focus();
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.getByRole('button', { name: 'Resend in 57s' })).toBeTruthy();
      expect(document.activeElement).toBe(another);

      // Back to the fields, the same address still waits; another one does not.
      await user.click(screen.getByRole('button', { name: 'Use another address' }));
      const email = await screen.findByLabelText('Email *');
      await user.type(email, '{Enter}');
      expect(screen.getByRole('button', { name: 'Resend in 57s' })).toBeTruthy();
      expect(sends()).toHaveLength(1);
      await user.clear(email);
      await user.type(email, 'bea@example.com');
      await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
      await screen.findByRole('heading', { name: 'Check your email' });
      expect(sends()).toHaveLength(2);

      const status = screen
        .getAllByRole('status')
        .find((line) => line.textContent?.includes('We sent'));
      expect(status?.textContent).toBe(
        'Check your email. We sent a sign-in link to bea@example.com.',
      );
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      await waitFor(() => expect(sends()).toHaveLength(3));
      expect(sends()[2]).toEqual(sends()[1]);
      expect(await screen.findByRole('button', { name: 'Resend in 60s' })).toBeTruthy();
      // The resend is news for the status line, which a screen reader reads out.
      expect(status?.textContent).toBe('We sent another sign-in link to bea@example.com.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells how long to wait when the server refuses more links', async () => {
    mockApi({
      routes: {
        'POST /api/auth/request-magic-link': apiError(429, 'RATE_LIMITED', 'Too many', {
          'retry-after': '600',
        }),
      },
    });
    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], { path: '/sign-in' });
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await userEvent.type(await screen.findByLabelText('First Name *'), 'Ana');
    await userEvent.type(screen.getByLabelText('Last Name *'), 'Quispe');
    await userEvent.type(screen.getByLabelText('Email *'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please try again in 10 minutes.',
    );
  });

  it.each([
    ['a server error', () => apiError(500, 'INTERNAL', 'Internal error')],
    ['a refusal to send more', () => apiError(429, 'RATE_LIMITED', 'Too many')],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'gives the keyboard to the alert after %s, and removes it once a field is edited, as the modal does',
    async (_, answer) => {
      mockApi({ routes: { 'POST /api/auth/request-magic-link': answer } });
      renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], { path: '/sign-in' });
      await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
      await userEvent.type(await screen.findByLabelText('First Name *'), 'Ana');
      await userEvent.type(screen.getByLabelText('Last Name *'), 'Quispe');
      await userEvent.type(screen.getByLabelText('Email *'), 'ana@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(document.activeElement).toBe(alert));
      await userEvent.type(screen.getByLabelText('Email *'), 'x');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS, projectsQueryOptions, STORAGE_KEYS, useAuth } from '@trek/shared';
import { buildProject, buildUser, buildWizardAnswers } from '@trek/shared/testing/builders';
import { apiError, json, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render';
import { TEMPORARY_EMAIL_REDIRECT_MS, useSubmitRequest } from './use-submit-request';

const traveler = buildUser();
const answers = buildWizardAnswers({ travelers: 2 });
const project = buildProject({ id: 'p1', groupSize: 2 });

function Submitter() {
  const { submit, signInOpen } = useSubmitRequest();
  const { isLoading, isAuthenticated } = useAuth();
  // Like the page: the traveler acts once the auth state is known.
  if (isLoading) return null;
  return (
    <>
      <button type="button" onClick={() => submit(answers)}>
        Submit
      </button>
      {signInOpen && <p>sign-in modal</p>}
      {/* As the site's header shows it. */}
      <p>{isAuthenticated ? 'avatar' : 'Sign In'}</p>
    </>
  );
}

/** Time for a toast to appear, were one shown. */
const toastTime = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('useSubmitRequest', () => {
  it('creates the project once for a double click, stores the summary and goes to the success page', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockApi({
      user: traveler,
      routes: {
        'POST /api/projects': async () => {
          await answered;
          return json(project, 201);
        },
      },
    });
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    const user = userEvent.setup();
    const { router, preloadRoute, queryClient } = renderPage(<Submitter />);
    queryClient.setQueryData(projectsQueryOptions().queryKey, []);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy());
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));
    // The success page's code is fetched while the request is being created.
    expect(preloadRoute).toHaveBeenCalledWith('/project-success');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project-success'));
    expect(api.callsTo('POST /api/projects')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.createdProjectSummary) ?? '{}').id).toBe(
      'p1',
    );
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
    // The list shown next time is read again: the mutation saw to it, not the page.
    expect(queryClient.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });

  it('opens the sign-in modal for a visitor and keeps the answers', async () => {
    mockApi({ user: null });
    const user = userEvent.setup();
    renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('sign-in modal')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}').trek).toBe(
      'Lares',
    );
    // The press is what lets the sign-in's return send them (useAutoSubmit).
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).not.toBeNull();
  });

  it('says Email required and goes to settings after 2 s on TEMPORARY_EMAIL', async () => {
    mockApi({
      user: traveler,
      routes: {
        'POST /api/projects': apiError(
          400,
          'TEMPORARY_EMAIL',
          'Please update your email address to continue.',
        ),
      },
    });
    const user = userEvent.setup();
    const { router } = renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Email required');
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/settings'), {
      timeout: 3000,
    });
  });

  it('does not pull to settings a traveler who left the wizard within the 2 s', async () => {
    mockApi({
      user: traveler,
      routes: { 'POST /api/projects': apiError(400, 'TEMPORARY_EMAIL', '') },
    });
    const user = userEvent.setup();
    const { router, unmount } = renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please update your email address to continue.',
    );
    unmount();
    await new Promise((resolve) => setTimeout(resolve, TEMPORARY_EMAIL_REDIRECT_MS + 300));
    expect(router.state.location.pathname).toBe('/');
  });

  it('says how long to wait after the site-wide rate limit, which is no duplicate', async () => {
    mockApi({
      user: traveler,
      routes: {
        'POST /api/projects': apiError(429, 'RATE_LIMITED', 'Too many requests', {
          'Retry-After': '120',
        }),
      },
    });
    const user = userEvent.setup();
    renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error creating request');
    expect(toast.textContent).toContain('Too many requests. Please try again in 2 minutes.');
  });

  it('opens the sign-in modal, keeps the answers and reads the user again when the session ended before Submit (401)', async () => {
    let signedIn = true;
    const api = mockApi({
      user: traveler,
      routes: {
        'GET /api/auth/user': () =>
          signedIn ? json(traveler) : apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
        'POST /api/projects': () => {
          signedIn = false;
          return apiError(401, 'UNAUTHENTICATED', 'Not signed in');
        },
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('sign-in modal')).toBeTruthy();
    // The header and the page learn that nobody is signed in any more.
    expect(await screen.findByText('Sign In')).toBeTruthy();
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(2);
    // Kept, with the press that lets the sign-in's return send them (useAutoSubmit).
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}').travelers).toBe(2);
    expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).not.toBeNull();
    await toastTime();
    expect(screen.queryByRole('alert')).toBeNull();
    // Marked, so the suite-wide 'session ended' toast leaves this 401 to the wizard.
    expect(queryClient.getMutationCache().getAll()[0]?.meta).toEqual({ handlesSessionEnd: true });
  });

  it('takes the traveler to My Projects, read afresh, when the request was already created (429 DUPLICATE_REQUEST)', async () => {
    const api = mockApi({
      user: traveler,
      routes: {
        'POST /api/projects': apiError(
          429,
          'DUPLICATE_REQUEST',
          'Too many requests: this trek request was just created.',
        ),
      },
    });
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    sessionStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    const user = userEvent.setup();
    const { router, queryClient } = renderPage(<Submitter />);
    queryClient.setQueryData(projectsQueryOptions().queryKey, []);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.projects));
    expect(api.callsTo('POST /api/projects')).toHaveLength(1);
    // The request exists: its answers are not offered (nor sent) again.
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    expect(queryClient.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true);
    // Still nothing said (spec section 8).
    await toastTime();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays silent on a 429 without a code and names other failures', async () => {
    let answer = json({ message: 'Too many requests' }, 429);
    const api = mockApi({ user: traveler, routes: { 'POST /api/projects': () => answer } });
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    const user = userEvent.setup();
    const { router } = renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST /api/projects')).toHaveLength(1));
    await toastTime();
    expect(screen.queryByRole('alert')).toBeNull();
    // Nothing says this one was created: the answers and the page stay.
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).not.toBeNull();
    answer = apiError(409, 'PROJECT_LIMIT', 'You already have 50 open trek requests');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error creating request');
    expect(toast.textContent).toContain('You already have 50 open trek requests');
  });
});

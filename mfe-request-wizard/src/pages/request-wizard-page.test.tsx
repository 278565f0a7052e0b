import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, userQueryOptions } from '@trek/shared';
import { buildProject, buildUser, buildWizardAnswers } from '@trek/shared/testing/builders';
import { apiError, heldAnswer, json, type MockRoute, mockApi } from '@trek/shared/testing/mock-api';
import { renderRoutes } from '@trek/shared/testing/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_HISTORY_KEY } from '../features/wizard/hooks/use-step-in-history';
import { renderPage } from '../test/render';
import RequestWizardPage from './request-wizard-page';

afterEach(() => window.history.replaceState(null, ''));

describe('RequestWizardPage (exposed as wizard/RequestWizardPage)', () => {
  it("keeps the step in the page's history entry: opened again, it shows that step, not the first open one", async () => {
    mockApi();
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(buildWizardAnswers()));
    const user = userEvent.setup();
    const first = renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('4 out of 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(window.history.state?.[STEP_HISTORY_KEY]).toBe(1);
    first.unmount();

    // A reload, or Back to this entry: the same step, with the answers from storage.
    renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: /4 days \/ 3 nights/ }) as HTMLButtonElement).dataset
        .checked,
    ).toBeDefined();
  });

  it('opens at the first open step when the kept step is out of reach of the answers', async () => {
    mockApi();
    window.history.replaceState({ [STEP_HISTORY_KEY]: 3 }, '');
    localStorage.setItem(
      STORAGE_KEYS.wizardFormData,
      JSON.stringify(buildWizardAnswers({ duration: '' })),
    );
    renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(window.history.state?.[STEP_HISTORY_KEY]).toBe(1);
  });

  it('does not show a restored trek that cannot be chosen as chosen, and asks for the trek', async () => {
    mockApi();
    localStorage.setItem(
      STORAGE_KEYS.wizardFormData,
      JSON.stringify(buildWizardAnswers({ trek: 'Inca Trail' })),
    );
    renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('1 out of 4')).toBeTruthy();
    const inca = screen.getByRole('radio', { name: 'Inca Trail (coming soon)' });
    expect(inca.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('walks a visitor through the four steps and opens the sign-in modal on submit', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage(<RequestWizardPage />, '/create-project');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your trek request' }),
    ).toBeTruthy();
    expect(screen.getByText('1 out of 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('radio', { name: 'Inca Trail (coming soon)' }).hasAttribute('disabled'),
    ).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Lares' }));
    expect(await screen.findByText('2 out of 4')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}').trek).toBe(
      'Lares',
    );

    await user.click(await screen.findByRole('radio', { name: /4 days \/ 3 nights/ }));
    expect(
      await screen.findByRole('heading', { name: 'When would you like to trek?' }),
    ).toBeTruthy();
    expect(screen.getByPlaceholderText('Auto-calculated')).toBeTruthy();

    // Going back keeps the answers.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      (screen.getByRole('radio', { name: /4 days \/ 3 nights/ }) as HTMLButtonElement).dataset
        .checked,
    ).toBeDefined();
  });

  it('asks for at least one language on the last step', async () => {
    mockApi();
    localStorage.setItem(
      STORAGE_KEYS.wizardFormData,
      JSON.stringify({ ...buildWizardAnswers(), languages: [] }),
    );
    const user = userEvent.setup();
    renderPage(<RequestWizardPage />, '/create-project');
    expect(await screen.findByText('4 out of 4')).toBeTruthy();
    expect(screen.getByText('Select at least one language to continue')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit request' });
    expect(submit.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    expect(screen.queryByText('Select at least one language to continue')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('First Name *')).toBeTruthy();
  });

  describe('a start date that passes while the wizard is open', () => {
    afterEach(() => vi.useRealTimers());

    it('is not sent: Submit request brings the traveler back to the dates step, the start cleared, and says why', async () => {
      // Only the clock is faked: the page's and user-event's timers run as usual.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-07T23:58:00'));
      const api = mockApi({
        user: buildUser(),
        routes: { 'POST /api/projects': () => json(buildProject({ id: 'p2' }), 201) },
      });
      localStorage.setItem(
        STORAGE_KEYS.wizardFormData,
        JSON.stringify(buildWizardAnswers({ travelers: 2 })),
      );
      const user = userEvent.setup();
      renderPage(<RequestWizardPage />, '/create-project');
      expect(await screen.findByText('4 out of 4')).toBeTruthy();

      vi.setSystemTime(new Date('2030-01-08T00:02:00'));
      await user.click(screen.getByRole('button', { name: 'Submit request' }));
      const notice = await screen.findByRole('alert');
      expect(notice.textContent).toBe('Your start date has passed. Please choose a new one.');
      await waitFor(() => expect(document.activeElement).toBe(notice));
      expect(screen.getByText('3 out of 4')).toBeTruthy();
      expect((await screen.findByRole('button', { name: 'Start date' })).textContent).not.toMatch(
        /2030/,
      );
      expect(api.callsTo('POST /api/projects')).toHaveLength(0);
      // The other answers stay; the cleared start is what is saved.
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}');
      expect(saved.travelers).toBe(2);
      expect(saved.dates).toMatchObject({ start: '', end: '' });
    });
  });

  describe('while the request is being sent', () => {
    function renderFromAnotherPage() {
      const view = renderRoutes(
        [
          { path: '/', element: <p>Home page</p> },
          { path: '/u/projects', element: <p>My projects page</p> },
          { path: '/create-project', element: <RequestWizardPage /> },
          { path: '/project-success', element: <p>Success page</p> },
        ],
        { path: '/' },
      );
      act(() => void view.router.navigate('/create-project'));
      return view;
    }
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    /** A signed-in traveler on the last step presses Submit request; the create call waits for `create.answer`. */
    async function submitWithHeldCreate() {
      const create = heldAnswer();
      mockApi({
        user: buildUser(),
        routes: {
          'POST /api/projects': create.route,
        },
      });
      localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(buildWizardAnswers()));
      const user = userEvent.setup();
      const { router } = renderFromAnotherPage();
      expect(await screen.findByText('4 out of 4')).toBeTruthy();
      // Nothing holds the traveler before the request is on its way.
      expect(leave()).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Submit request' }));
      await screen.findByRole('alertdialog', { name: 'Creating your trek request' });
      return { create, router };
    }

    it("keeps the wizard on the browser's Back, a link or leaving the site, then goes to the success page", async () => {
      const { create, router } = await submitWithHeldCreate();

      await act(() => router.navigate(-1));
      await act(() => router.navigate('/u/projects'));
      expect(router.state.location.pathname).toBe('/create-project');
      expect(screen.queryByText('Home page')).toBeNull();
      expect(screen.queryByText('My projects page')).toBeNull();
      expect(leave()).toBe(true);

      create.answer(json(buildProject({ id: 'p2' }), 201));
      expect(await screen.findByText('Success page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/project-success');
      expect(leave()).toBe(false);
    });

    it('lets the traveler go again once a failed request has answered', async () => {
      const { create, router } = await submitWithHeldCreate();
      await act(() => router.navigate(-1));
      expect(router.state.location.pathname).toBe('/create-project');

      create.answer(apiError(500, 'INTERNAL', 'Database unavailable'));
      await waitFor(() =>
        expect(
          screen.queryByRole('alertdialog', { name: 'Creating your trek request' }),
        ).toBeNull(),
      );
      expect(leave()).toBe(false);
      await act(() => router.navigate(-1));
      expect(await screen.findByText('Home page')).toBeTruthy();
    });

    it('goes to My Projects when the request was already created (a reload while it was on its way)', async () => {
      const { create, router } = await submitWithHeldCreate();
      create.answer(
        apiError(
          429,
          'DUPLICATE_REQUEST',
          'Too many requests: this trek request was just created.',
        ),
      );
      // The page no longer holds the traveler: the request has its answer.
      expect(await screen.findByText('My projects page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/u/projects');
      expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('opens the sign-in dialog, and keeps the answers, when the session ended before Submit request', async () => {
      let signedIn = true;
      const traveler = buildUser();
      mockApi({
        routes: {
          'GET /api/auth/user': () =>
            signedIn ? json(traveler) : apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
          'POST /api/projects': () => {
            signedIn = false;
            return apiError(401, 'UNAUTHENTICATED', 'Not signed in');
          },
        },
      });
      localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(buildWizardAnswers()));
      const user = userEvent.setup();
      const { router } = renderFromAnotherPage();
      expect(await screen.findByText('4 out of 4')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Submit request' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByLabelText('First Name *')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/create-project');
      expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).not.toBeNull();
      expect(screen.queryByText(/Error creating request/)).toBeNull();
    });
  });

  describe('when another tab sends or forgets the saved request', () => {
    const answers = buildWizardAnswers();
    const saveAnswers = () =>
      localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    /** What another tab's successful submit leaves: the summary stored, the answers cleared. */
    const sendFromAnotherTab = ({ announce = true } = {}) => {
      localStorage.setItem(
        STORAGE_KEYS.createdProjectSummary,
        JSON.stringify({ id: 'p1', trek: answers.trek }),
      );
      const oldValue = localStorage.getItem(STORAGE_KEYS.wizardFormData);
      // Session storage is each tab's own: this tab's copy is left for it to drop.
      localStorage.removeItem(STORAGE_KEYS.wizardFormData);
      if (!announce) return;
      act(() => {
        window.dispatchEvent(
          new StorageEvent('storage', {
            key: STORAGE_KEYS.wizardFormData,
            oldValue,
            newValue: null,
            storageArea: localStorage,
          }),
        );
      });
    };

    it('closes the sign-in dialog, says the request was sent and starts afresh, without saving it back', async () => {
      const api = mockApi();
      saveAnswers();
      const user = userEvent.setup();
      renderPage(<RequestWizardPage />, '/create-project');
      expect(await screen.findByText('4 out of 4')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Submit request' }));
      expect(await screen.findByRole('dialog')).toBeTruthy();

      // The e-mailed link, opened in a new tab, signed in and sent the request.
      sendFromAnotherTab();
      const notice = await screen.findByRole('alert', { name: 'Your trek request was sent' });
      await waitFor(() => expect(document.activeElement).toBe(notice));
      expect(
        within(notice).getByRole('link', { name: 'View My Projects' }).getAttribute('href'),
      ).toBe('/u/projects');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByText('1 out of 4')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Submit request' })).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
      expect(sessionStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
      expect(api.callsTo('POST /api/projects')).toHaveLength(0);

      // A new request starts from nothing: the one sent is not saved again.
      await user.click(screen.getByRole('radio', { name: 'Lares' }));
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}');
      expect(saved.trek).toBe('Lares');
      expect(saved.duration).toBe('');
    });

    it('does not send it again from a tab that did not hear of it (asleep meanwhile)', async () => {
      const api = mockApi({
        user: buildUser(),
        routes: { 'POST /api/projects': () => json(buildProject({ id: 'p2' }), 201) },
      });
      saveAnswers();
      const user = userEvent.setup();
      const { router } = renderPage(<RequestWizardPage />, '/create-project');
      expect(await screen.findByText('4 out of 4')).toBeTruthy();

      sendFromAnotherTab({ announce: false });
      await user.click(screen.getByRole('button', { name: 'Submit request' }));
      expect(await screen.findByRole('alert', { name: 'Your trek request was sent' })).toBeTruthy();
      expect(screen.getByText('1 out of 4')).toBeTruthy();
      expect(api.callsTo('POST /api/projects')).toHaveLength(0);
      expect(router.state.location.pathname).toBe('/create-project');
    });

    it('finds out when the page comes back from the back-forward cache, before anything is saved again', async () => {
      mockApi();
      saveAnswers();
      renderPage(<RequestWizardPage />, '/create-project');
      expect(await screen.findByText('4 out of 4')).toBeTruthy();

      sendFromAnotherTab({ announce: false });
      act(() => {
        window.dispatchEvent(new Event('pageshow'));
      });
      expect(await screen.findByRole('alert', { name: 'Your trek request was sent' })).toBeTruthy();
      expect(screen.getByText('1 out of 4')).toBeTruthy();
      expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    });

    it('starts afresh without a word when another tab forgot the answers (a sign-out)', async () => {
      mockApi({ user: buildUser() });
      saveAnswers();
      renderPage(<RequestWizardPage />, '/create-project');
      expect(await screen.findByText('4 out of 4')).toBeTruthy();

      localStorage.removeItem(STORAGE_KEYS.wizardFormData);
      act(() => {
        window.dispatchEvent(
          new StorageEvent('storage', {
            key: STORAGE_KEYS.wizardFormData,
            newValue: null,
            storageArea: localStorage,
          }),
        );
      });
      expect(await screen.findByText('1 out of 4')).toBeTruthy();
      expect(screen.queryByRole('alert', { name: 'Your trek request was sent' })).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    });
  });

  describe('Submit request pressed before the user read has answered (a slow read after a reload)', () => {
    /** Restored on the last step while the user read waits for `read.answer`; Submit pressed twice. */
    async function pressSubmitWhileReading(routes: Record<string, MockRoute> = {}) {
      const read = heldAnswer();
      const api = mockApi({ routes: { ...routes, 'GET /api/auth/user': read.route } });
      localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(buildWizardAnswers()));
      const user = userEvent.setup();
      const view = renderRoutes(
        [
          { path: '/create-project', element: <RequestWizardPage /> },
          { path: '/project-success', element: <p>Success page</p> },
        ],
        { path: '/create-project' },
      );
      expect(await screen.findByText('4 out of 4')).toBeTruthy();
      const submit = screen.getByRole('button', { name: 'Submit request' });
      await user.click(submit);
      await user.click(submit);
      // Busy, and nothing chosen yet: neither the sign-in modal nor the overlay, no mark written.
      await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
      expect(submit.dataset.loading).toBeDefined();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
      expect(api.callsTo('GET /api/auth/user')).toHaveLength(1);
      // The form is out of reach meanwhile: a screen reader hears why.
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'Checking that you are signed in',
      );
      return { read, api, router: view.router, queryClient: view.queryClient };
    }

    it('waits for it: a signed-in traveler gets the request created, once, and no sign-in modal', async () => {
      const { read, api, router } = await pressSubmitWhileReading({
        'POST /api/projects': json(buildProject({ id: 'p3' }), 201),
      });
      read.answer(json(buildUser()));
      expect(await screen.findByText('Success page')).toBeTruthy();
      expect(screen.queryByText('Checking that you are signed in')).toBeNull();
      expect(router.state.location.pathname).toBe('/project-success');
      expect(api.callsTo('POST /api/projects')).toHaveLength(1);
      expect(api.callsTo('GET /api/auth/user')).toHaveLength(1);
      expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
    });

    it('reads again when the read it waits for is cancelled, rather than taking no answer for a visitor', async () => {
      const { read, api, queryClient } = await pressSubmitWhileReading({
        'POST /api/projects': json(buildProject({ id: 'p5' }), 201),
      });
      await act(() => queryClient.cancelQueries({ queryKey: userQueryOptions().queryKey }));
      read.answer(json(buildUser()));
      expect(await screen.findByText('Success page')).toBeTruthy();
      expect(api.callsTo('GET /api/auth/user')).toHaveLength(2);
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('opens the sign-in modal once the read fails, which counts as signed out', async () => {
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { read, api } = await pressSubmitWhileReading();
      read.answer(apiError(500, 'INTERNAL', 'Database unavailable'));
      expect(await screen.findByRole('dialog')).toBeTruthy();
      expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).not.toBeNull();
      expect(api.callsTo('POST /api/projects')).toHaveLength(0);
      quiet.mockRestore();
    });

    it('sends nothing and marks nothing when the traveler leaves before the read answers', async () => {
      const { read, api, router } = await pressSubmitWhileReading({
        'POST /api/projects': json(buildProject({ id: 'p4' }), 201),
      });
      await act(() => router.navigate('/project-success'));
      read.answer(json(buildUser()));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(api.callsTo('POST /api/projects')).toHaveLength(0);
      expect(localStorage.getItem(STORAGE_KEYS.submitAfterSignIn)).toBeNull();
    });
  });
});

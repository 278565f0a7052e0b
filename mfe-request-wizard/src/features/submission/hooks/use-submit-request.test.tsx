import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, useAuth, type WizardFormData } from '@trek/shared';
import { completeAnswers, testTraveller } from '@trek/shared/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { renderPage, stubFetch } from '../../../test/render';
import { useSubmitRequest } from './use-submit-request';

const traveller = testTraveller;
const answers: WizardFormData = { ...completeAnswers, travelers: 2 };

const project = {
  id: 'p1',
  title: 'Lares',
  description: '',
  destination: 'Lares',
  status: 'pending',
  createdAt: '2026-01-05T10:00:00.000Z',
  startDate: '2030-01-07',
  endDate: '2030-01-10',
  duration: '4 days / 3 nights',
  groupSize: 2,
  language: 'English',
  flexible: false,
  flexibilityWindowDays: null,
};

function Submitter() {
  const { submit, signInOpen } = useSubmitRequest();
  // Like the page: the traveller acts once the auth state is known.
  if (useAuth().isLoading) return null;
  return (
    <>
      <button type="button" onClick={() => submit(answers)}>
        Submit
      </button>
      {signInOpen && <p>sign-in modal</p>}
    </>
  );
}

describe('useSubmitRequest', () => {
  it('creates the project once for a double click, stores the summary and goes to the success page', async () => {
    let creates = 0;
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch({
      user: traveller,
      handler: async (url, init) => {
        if (url === '/api/projects' && init?.method === 'POST') {
          creates += 1;
          await answered;
          return Response.json(project, { status: 201 });
        }
        return undefined;
      },
    });
    localStorage.setItem(STORAGE_KEYS.wizardFormData, JSON.stringify(answers));
    const user = userEvent.setup();
    const { router, preloadRoute } = renderPage(<Submitter />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy());
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));
    // The success page's code is fetched while the request is being created.
    expect(preloadRoute).toHaveBeenCalledWith('/project-success');
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project-success'));
    expect(creates).toBe(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.createdProjectSummary) ?? '{}').id).toBe(
      'p1',
    );
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
  });

  it('opens the sign-in modal for a visitor and keeps the answers', async () => {
    stubFetch({ user: null });
    const user = userEvent.setup();
    renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('sign-in modal')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.wizardFormData) ?? '{}').trek).toBe(
      'Lares',
    );
  });

  it('says Email required and goes to settings after 2 s on TEMPORARY_EMAIL', async () => {
    stubFetch({
      user: traveller,
      handler: (url, init) =>
        url === '/api/projects' && init?.method === 'POST'
          ? Response.json(
              { message: 'Please update your email address to continue.', code: 'TEMPORARY_EMAIL' },
              { status: 400 },
            )
          : undefined,
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

  it('stays silent on a blocked duplicate (429) and names other failures', async () => {
    let status = 429;
    stubFetch({
      user: traveller,
      handler: (url, init) =>
        url === '/api/projects' && init?.method === 'POST'
          ? Response.json(
              { message: status === 429 ? 'Too many requests' : 'Trek is full' },
              { status },
            )
          : undefined,
    });
    const user = userEvent.setup();
    renderPage(<Submitter />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('alert')).toBeNull();
    status = 409;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error creating request');
    expect(toast.textContent).toContain('Trek is full');
  });
});

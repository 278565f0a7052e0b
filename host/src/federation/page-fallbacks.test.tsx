import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_REQUEST_STATE } from '@trek/shared';
import { mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { isDownloadFailure, RemoteLoadFailed } from './page-fallbacks';
import { RemoteUnavailableError } from './remote-unavailable-error';

describe('isDownloadFailure', () => {
  it.each([
    ['rspack', Object.assign(new Error('Loading chunk 731 failed.'), { name: 'ChunkLoadError' })],
    ['the federation runtime', new RemoteUnavailableError('wizard')],
  ])('takes the download failure %s reports for one', (_, error) => {
    expect(isDownloadFailure(error)).toBe(true);
  });

  it('takes a fault of the page for what it is', () => {
    expect(isDownloadFailure(new TypeError('projects is not iterable'))).toBe(false);
  });
});

describe('RemoteLoadFailed', () => {
  /** /trek/new with the wizard remote down, reached from the home page. */
  function renderWizardDown(error: unknown) {
    mockApi();
    const view = renderRoutes([
      { path: '/', element: <p>Home page</p> },
      {
        path: '/trek/new',
        element: (
          <RemoteLoadFailed error={error} retrying={false} failedAgain={0} onRetry={() => {}} />
        ),
      },
      { path: '/sign-in', element: <p>Sign-in page</p> },
    ]);
    return view.router;
  }

  it.each([
    ['cannot be reached', new RemoteUnavailableError('wizard')],
    ['needs a newer site', new IncompatibleRemoteError('wizard', '^2.2.0', '2.1.0')],
    [
      'was built for an older site',
      new IncompatibleRemoteError('wizard', '^1.0.0', '2.1.0', { builtAgainstOlder: true }),
    ],
  ])(
    "offers the sign-in page when the header's Sign In led to a wizard that %s",
    async (_, error) => {
      const router = renderWizardDown(error);
      await act(() => router.navigate('/trek/new', { state: SIGN_IN_REQUEST_STATE }));
      expect(await screen.findByRole('alert')).toBeTruthy();
      await userEvent.click(screen.getByRole('link', { name: 'Sign in on the sign-in page' }));
      expect(await screen.findByText('Sign-in page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/sign-in');
    },
  );

  it('offers no sign-in to someone who came for the wizard itself', async () => {
    const router = renderWizardDown(new RemoteUnavailableError('wizard'));
    await act(() => router.navigate('/trek/new'));
    expect(
      (await screen.findByRole('alert', { name: 'This page could not be loaded' })).textContent,
    ).toContain('temporarily unavailable');
    expect(screen.queryByRole('link', { name: 'Sign in on the sign-in page' })).toBeNull();
  });
});

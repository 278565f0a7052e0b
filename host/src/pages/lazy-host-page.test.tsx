import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RETRY_FAILED_AGAIN } from '@trek/shared';
import { mockApi } from '@trek/shared/testing/mock-api';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { lazyHostPage } from './lazy-host-page';
import { SignInPage } from './sign-in-page';

const downloadFailed = () =>
  Object.assign(new Error('Loading chunk 412 failed.\n(error: /static/js/async/412.js)'), {
    name: 'ChunkLoadError',
  });

/**
 * The e-mail form's chunk cannot be fetched the first time it is asked for, as on a dropped
 * connection: its dynamic import rejects with the bundler's ChunkLoadError.
 */
const emailForm = vi.hoisted(() => ({ failNext: false }));
vi.mock('../features/sign-in/email-sign-in-form', async (importOriginal) => {
  const real = await importOriginal<typeof import('../features/sign-in/email-sign-in-form')>();
  return {
    ...real,
    get EmailSignInForm() {
      if (emailForm.failNext) {
        emailForm.failNext = false;
        throw Object.assign(new Error('Loading chunk 87 failed.'), { name: 'ChunkLoadError' });
      }
      return real.EmailSignInForm;
    },
  };
});

function Messages() {
  return (
    <>
      <title>Messages | TrekPeru</title>
      <h1>Messages</h1>
    </>
  );
}

/** A loaded page with a bug. */
function BrokenMessages(): never {
  throw new Error('messages is not iterable');
}

/** The page as a route, beside a header that must outlive whatever the page does. */
function renderBesideHeader(Page: ComponentType, path = '/') {
  return renderRoutes(
    [
      {
        path: '/*',
        element: (
          <>
            <header>Header still here</header>
            <main>
              <Page />
            </main>
          </>
        ),
      },
    ],
    { path },
  );
}

describe('lazyHostPage', () => {
  it('says a page whose code could not be fetched could not be loaded; Retry, busy and focused until answered, fetches it again', async () => {
    mockApi({ user: null }).fetch;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: (page?: ComponentType) => void = () => {};
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(downloadFailed())
      .mockImplementation(
        () =>
          new Promise((resolve, reject) => {
            answer = (page) => (page ? resolve(page) : reject(downloadFailed()));
          }),
      );
    const Page = lazyHostPage('MessagesPage', load);
    renderBesideHeader(Page);

    // In the page area, not the root error page: the header stays.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(screen.getByText('Header still here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // On its way: the same alert, its Retry busy and still focused, no skeleton in its place.
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(retry);
    expect(screen.getByRole('alert')).toBe(alert);
    expect(load).toHaveBeenCalledTimes(2);

    // Down again: the alert says so, and the focus stays on Retry.
    await act(async () => answer());
    await waitFor(() => expect(alert.textContent).toContain(RETRY_FAILED_AGAIN));
    expect(retry.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(retry);

    // Back: the page, its heading focused and its title read out.
    await userEvent.click(retry);
    await act(async () => answer(Messages));
    const heading = await screen.findByRole('heading', { name: 'Messages' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((status) => status.textContent === 'Messages | TrekPeru'),
      ).toBe(true),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
    expect(logged).not.toHaveBeenCalledWith(
      '[host] The site could not be shown.',
      expect.anything(),
    );
  });

  it('fetches a page whose code failed earlier again when it is opened again', async () => {
    mockApi({ user: null }).fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(downloadFailed())
      .mockResolvedValue(Messages);
    const Page = lazyHostPage('MessagesPage', load);
    const first = renderBesideHeader(Page);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page could not be loaded',
    );
    first.unmount();

    renderBesideHeader(Page);
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says a host page that fails while rendering stopped working, beside the header, and logs it', async () => {
    mockApi({ user: null }).fetch;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBesideHeader(lazyHostPage('MessagesPage', async () => BrokenMessages));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page stopped working');
    expect(screen.getByText('Header still here')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('[host] The page host/MessagesPage failed while rendering'),
      expect.objectContaining({ message: 'messages is not iterable' }),
      expect.any(String),
    );
  });
});

describe("sign-in page's e-mail form whose code could not be fetched", () => {
  it("says so in the form's place only, and Retry fetches it again, then focuses its first field", async () => {
    mockApi();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    emailForm.failNext = true;
    renderBesideHeader(
      lazyHostPage('SignInPage', async () => SignInPage),
      '/sign-in',
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The e-mail form could not be loaded');
    expect(alert.textContent).not.toContain('This page could not be loaded');
    // The button pressed went with the form's place: the alert takes the focus, not the body.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // The rest of the page stays: its heading and the other ways to sign in.
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(screen.getByText('Header still here')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('The e-mail form of host/SignInPage could not be fetched'),
      expect.objectContaining({ name: 'ChunkLoadError' }),
      expect.any(String),
    );

    // Failed again: the alert stays and says so, the focus on its Retry (busy while it fetches,
    // as a page's Retry: useRetryUntilAnswered, tested above).
    emailForm.failNext = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const retry = screen.getByRole('button', { name: 'Retry' });
    await waitFor(() => expect(alert.textContent).toContain(RETRY_FAILED_AGAIN));
    expect(document.activeElement).toBe(retry);
    expect(screen.getByRole('alert')).toBe(alert);

    // Back: the form itself, without pressing 'Email me a sign-in link' again, its first field
    // focused.
    await userEvent.click(retry);
    const firstField = await screen.findByLabelText('First Name *');
    await waitFor(() => expect(document.activeElement).toBe(firstField));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });
});

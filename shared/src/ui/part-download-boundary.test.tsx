import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode, Suspense, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartDownloadBoundary } from './part-download-boundary';
import { RETRY_FAILED_AGAIN } from './retry-failed-again';
import { lazyWithRetry, retryFailedDownloads } from './retryable-lazy';

const chunkFailed = () =>
  Object.assign(new Error('Loading chunk 7 failed.\n(/static/js/async/7.js)'), {
    name: 'ChunkLoadError',
  });

/** The network the form's code comes over: down while `offline`. */
const network = { offline: false };
afterEach(async () => {
  vi.restoreAllMocks();
  // Leaves no failed part behind for the next tests (the set of failed parts is the site's).
  network.offline = false;
  await retryFailedDownloads().catch(() => {});
});

function Form() {
  return <input aria-label="E-mail" />;
}

/** The form's code, fetched over `network` (each test its own: a part that came stays). */
const lazyForm = () =>
  lazyWithRetry(async () => {
    if (network.offline) throw chunkFailed();
    return { default: Form };
  });

/** A part whose code came, with a bug in it. */
function Broken(): ReactNode {
  throw new TypeError('providers is not iterable');
}

/** The page's own boundary, as the host's: what the part's boundary throws on ends here. */
class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>This page stopped working</p> : this.props.children;
  }
}

/** A page whose form comes when asked for, as the sign-in page's e-mail form. */
function Page({ part, message }: { part: ReactNode; message?: string }) {
  const [open, setOpen] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  return (
    <main>
      <h1>Sign in</h1>
      {open ? (
        <div ref={place}>
          <PartDownloadBoundary
            title="The form could not be loaded"
            owner="host"
            part="The form of host/TestPage"
            message={message}
            focusOnAnswer={() => place.current?.querySelector<HTMLElement>('input')}
          >
            <Suspense fallback={<p>Loading the form</p>}>{part}</Suspense>
          </PartDownloadBoundary>
        </div>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          Open the form
        </button>
      )}
    </main>
  );
}

function renderPage(part: ReactNode, message?: string) {
  return render(
    <MantineProvider>
      <PageBoundary>
        <Page part={part} message={message} />
      </PageBoundary>
    </MantineProvider>,
  );
}

describe('PartDownloadBoundary', () => {
  it("says so in the part's place only and when a Retry failed again; once the code came, the part's first field has the focus", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    network.offline = true;
    const user = userEvent.setup();
    const LazyForm = lazyForm();
    renderPage(<LazyForm />);
    await user.click(screen.getByRole('button', { name: 'Open the form' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The form could not be loaded')).toBeTruthy();
    expect(alert.textContent).toContain(
      'It is temporarily unavailable. The rest of the page still works; please try again in a moment.',
    );
    // The button pressed went with the form's place: the alert takes the focus, not the body.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      '[host] The form of host/TestPage could not be fetched.',
      expect.objectContaining({ name: 'ChunkLoadError' }),
      expect.any(String),
    );

    // Failed again: the same alert says so, the focus stays on its Retry.
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(alert.textContent).toContain(RETRY_FAILED_AGAIN));
    const retry = within(alert).getByRole('button', { name: 'Retry' });
    expect(document.activeElement).toBe(retry);
    expect(screen.getByRole('alert')).toBe(alert);

    // Back: the form itself, without opening it again, its first field focused.
    network.offline = false;
    await user.click(retry);
    const field = await screen.findByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open the form' })).toBeNull();
  });

  it('marks Retry busy, and still focused, while the code is on its way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let arrive: () => void = () => {};
    let calls = 0;
    const SlowForm = lazyWithRetry(async () => {
      calls += 1;
      if (calls === 1) throw chunkFailed();
      await new Promise<void>((resolve) => {
        arrive = resolve;
      });
      return { default: Form };
    });
    const user = userEvent.setup();
    renderPage(<SlowForm />);
    await user.click(screen.getByRole('button', { name: 'Open the form' }));
    const retry = within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' });

    await user.click(retry);
    await waitFor(() => expect(retry.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(retry);
    await user.click(retry);
    expect(calls).toBe(2);

    arrive();
    const field = await screen.findByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('says what its place asks it to say', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    network.offline = true;
    const LazyForm = lazyForm();
    renderPage(<LazyForm />, 'Your other changes are kept.');
    await userEvent.click(screen.getByRole('button', { name: 'Open the form' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your other changes are kept.');
    expect(alert.textContent).not.toContain('It is temporarily unavailable.');
  });

  it("throws a bug of the part on to the page's boundary, and logs no download", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<Broken />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the form' }));
    expect(await screen.findByText('This page stopped working')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logged).not.toHaveBeenCalledWith(
      expect.stringContaining('could not be fetched'),
      expect.anything(),
      expect.anything(),
    );
  });
});

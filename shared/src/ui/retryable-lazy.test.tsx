import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  isChunkDownloadFailure,
  lazyWithRetry,
  retryableLazy,
  retryFailedDownloads,
} from './retryable-lazy';

const Loaded = () => <p>Loaded</p>;

/** The least of an error boundary (the package has none as a dependency): a fallback with a reset. */
class ErrorBoundary extends Component<
  {
    fallback?: ReactNode;
    fallbackRender?: (props: { resetErrorBoundary: () => void }) => ReactNode;
    children: ReactNode;
  },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const resetErrorBoundary = () => this.setState({ failed: false });
    return this.props.fallbackRender?.({ resetErrorBoundary }) ?? this.props.fallback;
  }
}

function renderLazy(Component: ComponentType) {
  return render(
    <ErrorBoundary fallback={<p>Failed</p>}>
      <Suspense fallback={<p>Loading</p>}>
        <Component />
      </Suspense>
    </ErrorBoundary>,
  );
}

describe('retryableLazy', () => {
  it('keeps the component it loaded', async () => {
    const load = vi.fn(async () => ({ default: Loaded }));
    const lazyLoaded = retryableLazy(load);
    expect(lazyLoaded.current).toBe(lazyLoaded.current);
    renderLazy(lazyLoaded.current);
    await screen.findByText('Loaded');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load, which React alone would keep for good', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Loaded });
    const lazyLoaded = retryableLazy(load);
    const first = lazyLoaded.current;
    const view = renderLazy(first);
    await screen.findByText('Failed');
    view.unmount();

    const second = lazyLoaded.current;
    expect(second).not.toBe(first);
    renderLazy(second);
    await screen.findByText('Loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('takes a load that throws at once for a failed one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const lazyLoaded = retryableLazy(() => {
      calls += 1;
      if (calls === 1) throw new Error('no such chunk');
      return Promise.resolve({ default: Loaded });
    });
    const view = renderLazy(lazyLoaded.current);
    await screen.findByText('Failed');
    view.unmount();
    renderLazy(lazyLoaded.current);
    await screen.findByText('Loaded');
  });

  it('makes a new component on demand', () => {
    const lazyLoaded = retryableLazy(async () => ({ default: Loaded }));
    const first = lazyLoaded.current;
    expect(lazyLoaded.fresh()).not.toBe(first);
  });
});

describe('lazyWithRetry', () => {
  it('fetches again when rendered after a failed download, once asked to, and shows it in the same place on the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: ComponentType<{ name: string }> }>>()
      .mockRejectedValueOnce(
        Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
      )
      .mockResolvedValue({ default: ({ name }) => <p>Dates step for {name}</p> });
    const DatesStep = lazyWithRetry(load);
    render(
      <ErrorBoundary
        fallbackRender={({ resetErrorBoundary }) => (
          <button type="button" onClick={resetErrorBoundary}>
            Retry
          </button>
        )}
      >
        <Suspense fallback={<p>Loading</p>}>
          <DatesStep name="Salkantay" />
        </Suspense>
      </ErrorBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(load).toHaveBeenCalledTimes(1);
    await retryFailedDownloads();
    await userEvent.click(retry);
    expect(await screen.findByText('Dates step for Salkantay')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not fetch again on its own, which would hide the failure from the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async (): Promise<{ default: typeof Loaded }> => {
      throw new Error('Loading chunk 42 failed.');
    });
    renderLazy(lazyWithRetry(load));
    await screen.findByText('Failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(1);
    await expect(retryFailedDownloads()).rejects.toThrow('Loading chunk 42 failed.');
    expect(load).toHaveBeenCalledTimes(2);
    // Leaves no failed part behind for the next tests.
    load.mockResolvedValue({ default: Loaded });
    await retryFailedDownloads();
  });

  it('keeps a part of another page that still fails from failing the Retry of one that came', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunkFailed = () =>
      Object.assign(new Error('Loading chunk failed.'), { name: 'ChunkLoadError' });
    const stillDown = vi.fn(async (): Promise<{ default: typeof Loaded }> => {
      throw chunkFailed();
    });
    const back = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(chunkFailed())
      .mockResolvedValue({ default: Loaded });
    renderLazy(lazyWithRetry(stillDown));
    renderLazy(lazyWithRetry(back));
    await waitFor(() => expect(screen.getAllByText('Failed')).toHaveLength(2));

    await expect(retryFailedDownloads()).resolves.toBeUndefined();
    expect(back).toHaveBeenCalledTimes(2);
    // Nothing came at all: the Retry failed again.
    await expect(retryFailedDownloads()).rejects.toThrow('Loading chunk failed.');
    stillDown.mockResolvedValue({ default: Loaded });
    await retryFailedDownloads();
  });

  it('fetches once when it loads', async () => {
    const load = vi.fn(async () => ({ default: Loaded }));
    const Lazy = lazyWithRetry(load);
    renderLazy(Lazy);
    await screen.findByText('Loaded');
    renderLazy(Lazy);
    expect(await screen.findAllByText('Loaded')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkDownloadFailure', () => {
  it.each([
    ['rspack', Object.assign(new Error('Loading chunk 731 failed.'), { name: 'ChunkLoadError' })],
    [
      'a CSS chunk',
      new Error('Loading CSS chunk dates-step failed.\n(/static/css/dates-step.css)'),
    ],
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: /dates-step.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: /dates-step.js')],
    ['WebKit', new TypeError('Importing a module script failed.')],
  ])('takes the download failure %s reports for one', (_, error) => {
    expect(isChunkDownloadFailure(error)).toBe(true);
  });

  it('takes a fault of the page for what it is', () => {
    expect(isChunkDownloadFailure(new TypeError('projects is not iterable'))).toBe(false);
    expect(isChunkDownloadFailure('Loading chunk 1 failed')).toBe(false);
  });
});

import { render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { describe, expect, it, vi } from 'vitest';
import { retryableLazy } from './retryable-lazy';

const Loaded = () => <p>Loaded</p>;

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

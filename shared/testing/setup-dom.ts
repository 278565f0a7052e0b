/**
 * jsdom lacks a few browser APIs that Mantine uses; every package's component tests load this
 * file (vitest `setupFiles: ['@trek/shared/testing/setup-dom']`).
 */
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default: on a busy two-core machine a lazy module or a
// mocked answer can take longer, and a state that never comes still fails within the test's 15 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // A test's mocked API (testing/mock-api) does not answer the next test's calls.
  vi.unstubAllGlobals();
  // The toast store lives at module level: a test must not see the previous one's toasts.
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;

/** jsdom lays nothing out: an observed element never reports crossing anything. */
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub;

window.HTMLElement.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

import type { Route } from '@playwright/test';

/**
 * Holds the requests a `page.route(url, held.handler)` catches until `release()` lets them go on
 * (or `abort()` fails them as a network error), to look at a page while it waits.
 */
export function holdRequests() {
  let settle: (how: 'continue' | 'abort') => void = () => {};
  const settled = new Promise<'continue' | 'abort'>((resolve) => {
    settle = resolve;
  });
  return {
    release: () => settle('continue'),
    abort: () => settle('abort'),
    handler: async (route: Route) => {
      const how = await settled;
      await (how === 'abort' ? route.abort() : route.continue()).catch(() => {});
    },
  };
}

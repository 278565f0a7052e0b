import { renderRoutes } from '@trek/shared/testing/render';
import type { ReactNode } from 'react';

/**
 * Renders a page with the providers and router the host gives it; other paths render their own
 * name, so a test sees where the page sent the browser. The API is mocked with `mockApi`.
 */
export function renderPage(page: ReactNode, path = '/u/settings') {
  return renderRoutes(
    [
      { path: '/u/settings', element: page },
      { path: '*', element: <p>Other page</p> },
    ],
    { path },
  );
}

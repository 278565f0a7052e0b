import { renderRoutes } from '@trek/shared/testing/render';
import type { ReactNode } from 'react';

/** Renders a page with the providers and router the host gives it, at `path`. */
export function renderPage(page: ReactNode, path = '/') {
  return renderRoutes([{ path: '*', element: page }], { path });
}

import { AppProviders, createQueryClient } from '@trek/shared';
import { STYLE_NONCE_PLACEHOLDER } from '@trek/shared/contract';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PrerenderPageSlot } from '../federation/prerendered-page';
import { buildRoutes, routeTable } from '../routes';

export { PAGE_SLOT_MARKUP } from '@trek/shared/contract';

/**
 * The routes whose markup the build makes: every route of one fixed URL. A route with
 * parameters (a project) is sent as the scripts alone render it.
 */
export const PRERENDERED_PATHS: string[] = routeTable
  .map((route) => route.path)
  .filter((path) => path !== '*' && !path.includes(':'));

/**
 * A route's markup as the browser's first render makes it, for a visitor not yet known to be
 * signed in or not (the header's account area is its placeholder): the landing page in full, any
 * other page as the frame of the site around the skeleton of a page still loading (its code
 * comes from a remote or a chunk of its own, and its content may depend on the user or on what
 * the browser saved). The server sends it in the page, so the page paints before its scripts
 * have arrived (docs/decisions/0007-what-the-browser-receives.md). The browser's render then
 * replaces it with the same markup; nothing is hydrated. With `pageSlot`, a remote page's place
 * is marked instead, where the server puts that page's own prerendered markup when its remote's
 * build made one (scripts/page-fragments.mjs).
 */
export async function renderRoute(
  path: string,
  {
    pageSlot = false,
  }: {
    /** Mark a remote page's place (PAGE_SLOT_MARKUP) instead of its skeleton. */
    pageSlot?: boolean;
  } = {},
): Promise<string> {
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient()} styleNonce={STYLE_NONCE_PLACEHOLDER}>
      <PrerenderPageSlot value={pageSlot}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PrerenderPageSlot>
    </AppProviders>,
  );
}

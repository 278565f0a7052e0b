import { AppProviders, createQueryClient, PATHS } from '@trek/shared';
import { STYLE_NONCE_PLACEHOLDER } from '@trek/shared/contract';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { buildRoutes } from '../routes';

/**
 * The landing page's markup as the browser's first render makes it, for a visitor not yet known
 * to be signed in or not (the header's account area is its placeholder): the server sends it in
 * the page, so the page paints before its scripts have arrived
 * (docs/decisions/0007-what-the-browser-receives.md). The browser's render then replaces it
 * with the same markup; nothing is hydrated.
 */
export async function renderLandingPage(): Promise<string> {
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(`http://localhost${PATHS.landing}`));
  if (context instanceof Response) throw new Error(`${PATHS.landing} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient()} styleNonce={STYLE_NONCE_PLACEHOLDER}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

// Mantine's component styles come with its slices (@trek/shared/mantine/*), in its CSS layer.
import '@mantine/notifications/styles.layer.css';
import { AppProviders, createQueryClient, RoutePreloadProvider, SITE } from '@trek/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { startAuthSync } from './auth/auth-sync';
import { capturePrerenderedPage } from './federation/prerendered-page';
import { startFederation } from './federation/runtime';
import { giveLoadedPageAHistoryKey } from './layout/history-key';
import { buildRoutes, preloadRoute } from './routes';

startFederation();

// The one QueryClient and the one router of the page; remotes use them through the shared
// singletons and never create their own inside the host.
const queryClient = createQueryClient();
giveLoadedPageAHistoryKey();
const router = createBrowserRouter(buildRoutes());
// A sign-in or sign-out in another tab shows here too.
startAuthSync(queryClient);

// The server puts a fresh nonce in each page and allows style elements that carry it: Mantine
// writes its CSS variables and responsive styles in such elements at run time
// (docs/decisions/0004-page-security-headers.md).
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
// The style element a Mantine Modal adds to lock the page's scroll (react-remove-scroll) reads
// the bundler's nonce (get-nonce); the shared @mantine/core runs in this build's runtime, so
// every remote's dialogs carry it too.
if (styleNonce) __webpack_nonce__ = styleNonce;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * A page the server sent with prerendered markup (host/scripts/prerender.mjs) shows
 * it before the first render replaces it with the same markup: when the scripts are already
 * there as parsing ends, the render waits for the frame that paints it, or a moment at most
 * (a hidden tab draws no frames).
 */
function prerenderedMarkupPainted(root: HTMLElement): Promise<void> {
  if (!root.hasChildNodes()) return Promise.resolve();
  capturePrerenderedPage(root);
  // The server wrote the page's title into the site's own; pages set theirs as they render, and
  // one that sets none (an error page, a page still loading) must show the site's name again.
  // A remote page's markup kept until its code comes brings its title back with it.
  document.title = SITE.name;
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, PRERENDERED_PAINT_WAIT_MS);
  });
}
const PRERENDERED_PAINT_WAIT_MS = 100;

// The first render is a transition: React renders it in slices and answers input between them,
// instead of one long task (Lighthouse's blocking time on a throttled phone: 170-220 ms to
// 100-190 ms). The page is already on screen, prerendered.
void prerenderedMarkupPainted(container).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} {...(styleNonce ? { styleNonce } : {})}>
          <RoutePreloadProvider preloadRoute={preloadRoute}>
            <RouterProvider router={router} />
          </RoutePreloadProvider>
        </AppProviders>
      </StrictMode>,
    ),
  );
});

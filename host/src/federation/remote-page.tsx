import { retryableLazy } from '@trek/shared';
import type { ExposedPage } from '@trek/shared/contract';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { PageRenderBoundary, useRetryUntilAnswered } from './page-boundary';
import { RemoteLoadFailed } from './page-fallbacks';
import { forgetPrerenderedPage, RemotePageFallback } from './prerendered-page';
import type { RemoteName } from './remote-map';
import { loadRemotePage, type PageModule, resetRemote } from './runtime';

type PageLoader<R extends RemoteName> = (remote: R, expose: ExposedPage<R>) => Promise<PageModule>;

export type RemotePageComponent = ComponentType & {
  /** Starts fetching the page's code, for a route the user is likely to open next. */
  preload: () => void;
};

/**
 * A route element that lazily loads one exposed page of one remote, inside the host's React
 * tree (so the host's router, QueryClient and Mantine theme reach it). Loading shows a skeleton,
 * or the page's markup the server sent.
 * Two boundaries, two meanings: a page whose code could not be fetched shows 'This page could
 * not be loaded' with Retry; a loaded page that throws while rendering shows that it stopped
 * working, and the error is logged with the remote's name. A part of a loaded page whose code
 * could not be fetched (a step, a dialog) is a download failure too, with its Retry.
 */
export function remotePage<R extends RemoteName>(
  remote: R,
  expose: ExposedPage<R>,
  load: PageLoader<R> = loadRemotePage,
): RemotePageComponent {
  let loaded: ComponentType | undefined;
  const settle = (module: PageModule): ComponentType => {
    const Page = module.default;
    // biome-ignore lint/correctness/noComponentHookFactories: made once per loaded module, never during render.
    function LoadedPage() {
      // The page is on screen: the server's markup of it is past (even if it suspends later).
      useEffect(forgetPrerenderedPage, []);
      return (
        <PageRenderBoundary owner={remote} page={`${remote}/${expose}`}>
          <Page />
        </PageRenderBoundary>
      );
    }
    loaded = LoadedPage;
    return LoadedPage;
  };
  const fetchPage = async () => {
    try {
      return await load(remote, expose);
    } catch (error) {
      forgetPrerenderedPage();
      throw error;
    }
  };
  const page = retryableLazy(async () => ({ default: settle(await fetchPage()) }));
  // A page that failed earlier gets a fresh attempt when it is opened again.
  const latest = () => loaded ?? page.current;

  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module scope (remote-pages.ts), never during render.
  function RemotePage() {
    const [Page, setPage] = useState(latest);
    const [retryError, setRetryError] = useState<unknown>();
    // Another URL of the same route (/projects/1, then /projects/2) is another chance.
    const { pathname } = useLocation();
    const { retryState, announcement } = useRetryUntilAnswered(async () => {
      resetRemote(remote);
      try {
        // Fetched while the alert stays: a skeleton in its place would take the focus with it.
        const Loaded = settle(await fetchPage());
        setPage(() => Loaded);
        setRetryError(undefined);
      } catch (error) {
        // It may fail otherwise this time (the remote is now one that needs a newer site).
        setRetryError(error);
        throw error;
      }
    });
    return (
      <>
        <ErrorBoundary
          resetKeys={[pathname]}
          onReset={({ reason }) => {
            if (reason !== 'keys') return;
            resetRemote(remote);
            setRetryError(undefined);
            setPage(latest);
          }}
          fallbackRender={({ error, resetErrorBoundary }) => (
            <RemoteLoadFailed error={retryError ?? error} {...retryState(resetErrorBoundary)} />
          )}
        >
          <Suspense fallback={<RemotePageFallback page={`${remote}/${expose}`} />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
        {announcement}
      </>
    );
  }
  RemotePage.displayName = `RemotePage(${remote}/${expose})`;
  RemotePage.preload = () => {
    load(remote, expose).catch(() => {
      // A failed preload is not the user's problem; the route shows the error if it persists.
    });
  };
  return RemotePage;
}

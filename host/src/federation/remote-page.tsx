import { VisuallyHidden } from '@mantine/core';
import { retryableLazy, retryFailedDownloads, useKeepFocus } from '@trek/shared';
import type { ExposedPage } from '@trek/shared/contract';
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import {
  isDownloadFailure,
  PageCrashed,
  pageHeading,
  RemoteLoadFailed,
  type RetryState,
} from './page-fallbacks';
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
        <PageRenderBoundary remote={remote} expose={expose}>
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

/**
 * The Retry of a fallback, as the remotes' own `useRetry`: the alert stays, its Retry busy and
 * focused, until `attempt` is answered (decision 0090: focus never falls to the page). Failed
 * again, the alert says so; answered, the boundary shows the page, the focus goes to its heading
 * and its title is read out (the route announcer only reacts to a new URL).
 */
function useRetryUntilAnswered(attempt: () => Promise<void>) {
  const [retrying, setRetrying] = useState(false);
  const [failedAgain, setFailedAgain] = useState(0);
  // undefined until a Retry: the status line exists before what it says, to be read out.
  const [title, setTitle] = useState<string>();
  const busy = useRef(false);
  const keepFocus = useKeepFocus();
  const retry = async (showPage: () => void) => {
    if (busy.current) return;
    busy.current = true;
    setRetrying(true);
    setTitle('');
    try {
      await attempt();
    } catch {
      setFailedAgain((count) => count + 1);
      return;
    } finally {
      busy.current = false;
      setRetrying(false);
    }
    setFailedAgain(0);
    showPage();
    keepFocus(pageHeading);
    // The page sets its title as it renders: read it once this frame is done.
    requestAnimationFrame(() => setTitle(document.title));
  };
  return {
    retryState: (showPage: () => void): RetryState => ({
      retrying,
      failedAgain,
      onRetry: () => void retry(showPage),
    }),
    announcement: title !== undefined && <VisuallyHidden role="status">{title}</VisuallyHidden>,
  };
}

/**
 * Catches what a loaded page throws while rendering, and names the remote it came from. A part
 * of the page whose code could not be fetched is no fault of the page: it says so, and its Retry
 * fetches that code again.
 */
function PageRenderBoundary({
  remote,
  expose,
  children,
}: {
  remote: RemoteName;
  expose: string;
  children: ReactNode;
}) {
  // Another URL of the same route (another project) is another chance.
  const { pathname } = useLocation();
  const { retryState, announcement } = useRetryUntilAnswered(retryFailedDownloads);
  return (
    <>
      <ErrorBoundary
        resetKeys={[pathname]}
        onReset={({ reason }) => {
          if (reason === 'keys') retryFailedDownloads().catch(() => {});
        }}
        fallbackRender={({ error, resetErrorBoundary }) =>
          isDownloadFailure(error) ? (
            <RemoteLoadFailed error={error} {...retryState(resetErrorBoundary)} />
          ) : (
            <PageCrashed resetErrorBoundary={resetErrorBoundary} />
          )
        }
        onError={(error, info) => {
          console.error(
            isDownloadFailure(error)
              ? `[${remote}] Part of the page ${remote}/${expose} could not be fetched.`
              : `[${remote}] The page ${remote}/${expose} failed while rendering.`,
            error,
            info.componentStack,
          );
        }}
      >
        {children}
      </ErrorBoundary>
      {announcement}
    </>
  );
}

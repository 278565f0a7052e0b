import { retryableLazy } from '@trek/shared';
import type { ExposedPage } from '@trek/shared/contract';
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { PageCrashed, RemoteLoadFailed } from './page-fallbacks';
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
 * working, and the error is logged with the remote's name.
 */
export function remotePage<R extends RemoteName>(
  remote: R,
  expose: ExposedPage<R>,
  load: PageLoader<R> = loadRemotePage,
): RemotePageComponent {
  const page = retryableLazy(async () => {
    let module: PageModule;
    try {
      module = await load(remote, expose);
    } catch (error) {
      forgetPrerenderedPage();
      throw error;
    }
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
    return { default: LoadedPage };
  });

  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module scope (remote-pages.ts), never during render.
  function RemotePage() {
    // A page that failed earlier gets a fresh attempt when it is opened again.
    const [Page, setPage] = useState(() => page.current);
    return (
      <ErrorBoundary
        FallbackComponent={RemoteLoadFailed}
        onReset={() => {
          resetRemote(remote);
          setPage(() => page.fresh());
        }}
      >
        <Suspense fallback={<RemotePageFallback page={`${remote}/${expose}`} />}>
          <Page />
        </Suspense>
      </ErrorBoundary>
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

/** Catches what a loaded page throws while rendering, and names the remote it came from. */
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
  return (
    <ErrorBoundary
      FallbackComponent={PageCrashed}
      resetKeys={[pathname]}
      onError={(error, info) => {
        console.error(
          `[${remote}] The page ${remote}/${expose} failed while rendering.`,
          error,
          info.componentStack,
        );
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

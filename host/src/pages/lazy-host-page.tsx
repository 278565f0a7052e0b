import { PageSkeleton, retryableLazy } from '@trek/shared';
import { type ComponentType, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { PageRenderBoundary, useRetryUntilAnswered } from '../federation/page-boundary';
import { RemoteLoadFailed } from '../federation/page-fallbacks';

/**
 * A host page whose code loads when its route is opened, behind the page skeleton, so the first
 * page most visitors see (/landing) carries no other page's code
 * (docs/decisions/0007-what-the-browser-receives.md).
 * Its boundaries are a remote page's (decision 0002): code that could not be fetched says 'This
 * page could not be loaded' and its Retry fetches it again (React keeps a failed lazy load for
 * good, so without it only a reload helped); a part of the page fetched when first shown
 * (`lazyWithRetry`, the e-mail sign-in form) that could not be fetched says so too, with its
 * Retry; a render error says the page stopped working. Header and footer stay.
 */
export function lazyHostPage(name: string, load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined;
  const settle = (Page: ComponentType): ComponentType => {
    function LoadedHostPage() {
      return (
        <PageRenderBoundary owner="host" page={`host/${name}`}>
          <Page />
        </PageRenderBoundary>
      );
    }
    loaded = LoadedHostPage;
    return LoadedHostPage;
  };
  const page = retryableLazy(async () => ({ default: settle(await load()) }));
  // A page whose code failed earlier gets a fresh attempt when it is opened again.
  const latest = () => loaded ?? page.current;

  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module scope (routes.tsx), never during render.
  function LazyHostPage() {
    const [Page, setPage] = useState(latest);
    const { pathname } = useLocation();
    const { retryState, announcement } = useRetryUntilAnswered(async () => {
      // Fetched while the alert stays: a skeleton in its place would take the focus with it.
      const Loaded = settle(await load());
      setPage(() => Loaded);
    });
    return (
      <>
        <ErrorBoundary
          resetKeys={[pathname]}
          onReset={({ reason }) => {
            if (reason === 'keys') setPage(latest);
          }}
          fallbackRender={({ error, resetErrorBoundary }) => (
            <RemoteLoadFailed error={error} {...retryState(resetErrorBoundary)} />
          )}
        >
          <Suspense fallback={<PageSkeleton />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
        {announcement}
      </>
    );
  }
  LazyHostPage.displayName = `LazyHostPage(${name})`;
  return LazyHostPage;
}

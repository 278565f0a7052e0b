import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface RetryableLazy<P extends object> {
  /** The component to render: the one made last, or a new one if its load failed. */
  readonly current: LazyExoticComponent<ComponentType<P>>;
  /** A new component, whatever became of the last one (a Retry button, an error boundary). */
  fresh(): LazyExoticComponent<ComponentType<P>>;
}

/**
 * A lazily loaded component that can be loaded again: React keeps a lazy component's failed load
 * for good, so a later try needs a new one. Used for code fetched over the network on demand.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): RetryableLazy<P> {
  let failed = false;
  const create = () =>
    lazy(() =>
      // A load that throws at once fails like one that rejects: it is tried again too.
      Promise.resolve()
        .then(load)
        .catch((error: unknown) => {
          failed = true;
          throw error;
        }),
    );
  let component = create();
  return {
    get current() {
      if (failed) return this.fresh();
      return component;
    },
    fresh() {
      failed = false;
      component = create();
      return component;
    },
  };
}

/**
 * A download of code that failed (a lazily loaded part of a page: a step, a dialog, an editor), as
 * webpack and rspack (ChunkLoadError, 'Loading chunk 12 failed', 'Loading CSS chunk') and browsers
 * (a failed dynamic import, each in its own words) report it, rather than a fault of the page's
 * code: the one a Retry (`retryFailedDownloads`) can mend.
 */
export function isChunkDownloadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk \S+ failed|dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

/** How each `lazyWithRetry` part whose download failed fetches its code again. */
const failedDownloads = new Set<() => Promise<unknown>>();

/**
 * `React.lazy` for a part of a page (a step, a dialog, an editor) whose code is fetched when it
 * is first shown. React keeps a lazy component's failed download for good, so the page would stay
 * broken until a reload; this one fetches again when `retryFailedDownloads()` is called (by the
 * Retry of the host's page boundary), and renders what that fetch brings.
 * It is not renewed by any render after a failure on its own: React renders a suspended part
 * again as soon as its download fails, so that would fetch again and again, and the failure
 * would never reach the boundary that says so.
 */
// biome-ignore lint/suspicious/noExplicitAny: as React.lazy's own type, so a component's props are inferred from its module.
export function lazyWithRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const fetchCode = (): Promise<{ default: T }> => {
    const download = Promise.resolve().then(load);
    download.catch(() => failedDownloads.add(retry));
    return download;
  };
  const retry = () => {
    const download = fetchCode();
    component = lazy(() => download);
    return download;
  };
  let component = lazy(fetchCode);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module scope, never during render.
  function LazyWithRetry(props: ComponentProps<T>) {
    // A lazy component of T takes T's props; TypeScript cannot see it through the generic.
    const Component = component as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return LazyWithRetry;
}

/**
 * Fetches again the code of every `lazyWithRetry` part whose download failed, and resolves once
 * each has come or failed again: the parts then render what came the next time they are rendered
 * (a part that failed again fails its page again). It rejects only when nothing came, so a part
 * of another page that still cannot be fetched (the set is the whole site's) never keeps this
 * page's Retry from showing what did come.
 */
export async function retryFailedDownloads(): Promise<void> {
  const retries = [...failedDownloads];
  failedDownloads.clear();
  const results = await Promise.allSettled(retries.map((retry) => retry()));
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length > 0 && failures.length === results.length) throw failures[0]?.reason;
}

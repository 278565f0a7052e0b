import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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

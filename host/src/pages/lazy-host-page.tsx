import { PageSkeleton } from '@trek/shared';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A host page whose code loads when its route is opened, behind the page skeleton, so the first
 * page most visitors see (/landing) carries no other page's code
 * (docs/decisions/0007-what-the-browser-receives.md).
 */
export function lazyHostPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module scope (routes.tsx), never during render.
  return function LazyHostPage() {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    );
  };
}

import { Alert, Button, Container, Text } from '@mantine/core';
import { PageSkeleton } from '@trek/shared';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import type { RemoteName } from './remote-map';
import { loadRemotePage, type PageModule, resetRemote } from './runtime';

type PageLoader = (remote: RemoteName, expose: string) => Promise<PageModule>;

export type RemotePageComponent = ComponentType & {
  /** Starts fetching the page's code, for a route the user is likely to open next. */
  preload: () => void;
};

/**
 * A route element that lazily loads one exposed page of one remote, inside the host's React
 * tree (so the host's router, QueryClient and Mantine theme reach it). Loading shows a skeleton;
 * a final failure shows a fallback with Retry in the page area only.
 */
export function remotePage(
  remote: RemoteName,
  expose: string,
  load: PageLoader = loadRemotePage,
): RemotePageComponent {
  let failed = false;
  const createLazy = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load(remote, expose).catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let current = createLazy();

  function freshLazy() {
    failed = false;
    current = createLazy();
    return current;
  }

  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module scope (routes.tsx), never during render.
  function RemotePage() {
    // A page that failed earlier gets a fresh attempt when it is opened again.
    const [Page, setPage] = useState(() => (failed ? freshLazy() : current));
    return (
      <ErrorBoundary
        FallbackComponent={RemoteUnavailable}
        onReset={() => {
          resetRemote(remote);
          setPage(() => freshLazy());
        }}
      >
        <Suspense fallback={<PageSkeleton />}>
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

function RemoteUnavailable({ resetErrorBoundary }: FallbackProps) {
  return (
    <Container size="sm" py="xl">
      <Alert variant="light" color="orange" title="This page could not be loaded" role="alert">
        <Text mb="md">
          This part of TrekPeru is temporarily unavailable. The rest of the site still works; please
          try again in a moment.
        </Text>
        <Button onClick={resetErrorBoundary}>Retry</Button>
      </Alert>
    </Container>
  );
}

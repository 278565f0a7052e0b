import { VisuallyHidden } from '@mantine/core';
import { retryFailedDownloads, useKeepFocus } from '@trek/shared';
import { type ReactNode, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import {
  isDownloadFailure,
  PageCrashed,
  pageHeading,
  RemoteLoadFailed,
  type RetryState,
} from './page-fallbacks';

/**
 * The Retry of a fallback, as the remotes' own `useRetry`: the alert stays, its Retry busy and
 * focused, until `attempt` is answered (decision 0090: focus never falls to the page). Failed
 * again, the alert says so; answered, the boundary shows the page, the focus goes to its heading
 * and its title is read out (the route announcer only reacts to a new URL).
 */
export function useRetryUntilAnswered(attempt: () => Promise<void>) {
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
 * Catches what a loaded page throws while rendering, and names who built it (a remote, or the
 * host for its own pages). A part of the page whose code could not be fetched is no fault of the
 * page: it says so, and its Retry fetches that code again.
 */
export function PageRenderBoundary({
  owner,
  page,
  children,
}: {
  /** Who builds the page, as the log's prefix: a remote's name, or 'host'. */
  owner: string;
  /** The page, as the log names it ('wizard/RequestWizardPage'). */
  page: string;
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
            <RemoteLoadFailed error={error} takeLostFocus {...retryState(resetErrorBoundary)} />
          ) : (
            <PageCrashed resetErrorBoundary={resetErrorBoundary} />
          )
        }
        onError={(error, info) => {
          console.error(
            isDownloadFailure(error)
              ? `[${owner}] Part of the page ${page} could not be fetched.`
              : `[${owner}] The page ${page} failed while rendering.`,
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

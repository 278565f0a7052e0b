import { Alert, Button, Text } from '@mantine/core';
import {
  busyButtonProps,
  RetryFailedAgainStatus,
  retryFailedDownloads,
  useKeepFocus,
} from '@trek/shared';
import { Component, type ErrorInfo, type ReactNode, useRef, useState } from 'react';

/**
 * A download that failed (the code of a lazily loaded part), as rspack (ChunkLoadError, 'Loading
 * chunk 12 failed', 'Loading CSS chunk') and browsers (a failed dynamic import) report it: the
 * host's page boundary tells the same apart from a fault of the page's code.
 */
export function isDownloadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk \S+ failed|dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

type FocusFallback = Parameters<ReturnType<typeof useKeepFocus>>[0];

interface PartDownloadBoundaryProps {
  /** What the alert says ('The calendar could not be loaded'). */
  title: string;
  /** The part, as the log names it ('The dates editor of projects/ProjectEditPage'). */
  part: string;
  /** Where the focus goes once the part has come (its first control). */
  focusOnAnswer: FocusFallback;
  children: ReactNode;
}

/**
 * Around one `lazyWithRetry` part of a page (the edit page's dates editor), as the host's own
 * `PartDownloadBoundary` around the sign-in page's e-mail form: when its code could not be
 * fetched, only its place says so, with a Retry that fetches it again; the rest of the page, and
 * what the traveler did there, stays. Anything else the part throws is the page's fault: it goes
 * on to the page's boundary.
 */
export function PartDownloadBoundary({ focusOnAnswer, ...props }: PartDownloadBoundaryProps) {
  // Here, not in the alert: the alert leaves the page as the part comes, the focus with it.
  const keepFocus = useKeepFocus();
  return <DownloadBoundary {...props} onAnswered={() => keepFocus(focusOnAnswer)} />;
}

class DownloadBoundary extends Component<
  Omit<PartDownloadBoundaryProps, 'focusOnAnswer'> & { onAnswered: () => void },
  { error: unknown; failed: boolean }
> {
  override state: { error: unknown; failed: boolean } = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isDownloadFailure(error))
      console.error(
        `[projects] ${this.props.part} could not be fetched.`,
        error,
        info.componentStack,
      );
  }

  override render() {
    const { error, failed } = this.state;
    if (!failed) return this.props.children;
    // Thrown on to the page's boundary: a bug is no download to retry.
    if (!isDownloadFailure(error)) throw error;
    return (
      <PartLoadFailed
        title={this.props.title}
        showPart={() => {
          this.setState({ error: null, failed: false });
          this.props.onAnswered();
        }}
      />
    );
  }
}

/** In the part's place: Retry stays, busy and focused, until the code comes or fails again. */
function PartLoadFailed({ title, showPart }: { title: string; showPart: () => void }) {
  const [retrying, setRetrying] = useState(false);
  const [failedAgain, setFailedAgain] = useState(0);
  const busy = useRef(false);
  const retry = async () => {
    if (busy.current) return;
    busy.current = true;
    setRetrying(true);
    try {
      await retryFailedDownloads();
    } catch {
      setFailedAgain((count) => count + 1);
      return;
    } finally {
      busy.current = false;
      setRetrying(false);
    }
    showPart();
  };
  return (
    <Alert variant="light" color="orange" title={title} role="alert">
      <Text fz="sm" mb="md">
        It is temporarily unavailable. The rest of the page still works, and your other changes are
        kept; please try again in a moment.
      </Text>
      <Button onClick={() => void retry()} {...busyButtonProps(retrying)}>
        Retry
      </Button>
      <RetryFailedAgainStatus failedAgain={failedAgain} />
    </Alert>
  );
}

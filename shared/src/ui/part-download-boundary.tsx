import { Alert, Button, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode, useEffect, useRef, useState } from 'react';
import { busyButtonProps, type FocusFallback, useKeepFocus } from './keep-focus';
import { RetryFailedAgainStatus } from './retry-failed-again';
import { isChunkDownloadFailure, retryFailedDownloads } from './retryable-lazy';

const PART_UNAVAILABLE_MESSAGE =
  'It is temporarily unavailable. The rest of the page still works; please try again in a moment.';

export interface PartDownloadBoundaryProps {
  /** What the alert says ('The e-mail form could not be loaded'). */
  title: string;
  /** Who builds the page, as the log's prefix: a remote's name ('projects'), or 'host'. */
  owner: string;
  /** The part, as the log names it ('The e-mail form of host/SignInPage'). */
  part: string;
  /** Where the focus goes once a Retry has brought the part (its first control). */
  focusOnAnswer: FocusFallback;
  /** The alert's text under its title; defaults to the host's ('It is temporarily unavailable...'). */
  message?: string;
  children: ReactNode;
}

/**
 * Around one `lazyWithRetry` part of a page (the host's sign-in form, the edit page's dates
 * editor): when its code could not be fetched, only its place says so, with a Retry that fetches
 * it again (busy and focused until answered, then the focus on `focusOnAnswer`); the rest of the
 * page, and what the person did there, stays. Anything else the part throws is the page's fault:
 * it goes on to the page's boundary. A class of its own: @trek/shared has no error-boundary
 * library as a dependency.
 */
export function PartDownloadBoundary({ focusOnAnswer, ...props }: PartDownloadBoundaryProps) {
  // Here, not in the alert: the alert leaves the page as the part comes, and its timer with it.
  const keepFocus = useKeepFocus();
  return <DownloadBoundary {...props} onAnswered={() => keepFocus(focusOnAnswer)} />;
}

type DownloadBoundaryProps = Omit<PartDownloadBoundaryProps, 'focusOnAnswer'> & {
  onAnswered: () => void;
};

interface DownloadBoundaryState {
  error: unknown;
  failed: boolean;
}

class DownloadBoundary extends Component<DownloadBoundaryProps, DownloadBoundaryState> {
  override state: DownloadBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): DownloadBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkDownloadFailure(error))
      console.error(
        `[${this.props.owner}] ${this.props.part} could not be fetched.`,
        error,
        info.componentStack,
      );
  }

  override render() {
    const { error, failed } = this.state;
    if (!failed) return this.props.children;
    // Thrown on to the page's boundary: a bug is no download to retry.
    if (!isChunkDownloadFailure(error)) throw error;
    return (
      <PartLoadFailed
        title={this.props.title}
        message={this.props.message ?? PART_UNAVAILABLE_MESSAGE}
        showPart={() => {
          this.setState({ error: null, failed: false });
          this.props.onAnswered();
        }}
      />
    );
  }
}

/**
 * In the part's place: Retry stays, busy and focused, until the code comes or fails again. The
 * alert takes the focus when it was lost as it appeared: the element that held it (the button
 * that opened the part) went with what the alert replaced, and the focus fell to the page's body
 * (decision 0090).
 */
function PartLoadFailed({
  title,
  message,
  showPart,
}: {
  title: string;
  message: string;
  showPart: () => void;
}) {
  const alert = useRef<HTMLDivElement>(null);
  const [retrying, setRetrying] = useState(false);
  const [failedAgain, setFailedAgain] = useState(0);
  const busy = useRef(false);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) alert.current?.focus();
  }, []);
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
    <Alert ref={alert} tabIndex={-1} variant="light" color="orange" title={title} role="alert">
      <Text mb="md">{message}</Text>
      <Button onClick={() => void retry()} {...busyButtonProps(retrying)}>
        Retry
      </Button>
      <RetryFailedAgainStatus failedAgain={failedAgain} />
    </Alert>
  );
}

import { Alert, Anchor, Button, Container, Text, Title } from '@mantine/core';
import {
  busyButtonProps,
  isChunkDownloadFailure,
  isSignInRequest,
  PATHS,
  PageMeta,
  RetryFailedAgainStatus,
} from '@trek/shared';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { Link, useLocation } from 'react-router-dom';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { RemoteUnavailableError } from './remote-unavailable-error';

/** Where a Retry stands: the alert and its button stay, busy and focused, until it is answered. */
export interface RetryState {
  retrying: boolean;
  /** Retries that failed again since the page last loaded (read out each time). */
  failedAgain: number;
  onRetry: () => void;
}

/**
 * A download that failed, rather than a fault of the page's code: the code of a part of a loaded
 * page (a step, a dialog: @trek/shared's check), or a remote's own, which the federation runtime
 * could not reach (RemoteUnavailableError).
 */
export function isDownloadFailure(error: unknown): boolean {
  return error instanceof RemoteUnavailableError || isChunkDownloadFailure(error);
}

/** Retry, busy while it fetches, and the line that says when it failed again. */
function RetryControls({ retrying, failedAgain, onRetry }: RetryState) {
  return (
    <>
      <Button onClick={onRetry} {...busyButtonProps(retrying)}>
        Retry
      </Button>
      <RetryFailedAgainStatus failedAgain={failedAgain} />
    </>
  );
}

/**
 * Takes the focus for `target` when the focus was lost as it appeared: the element that held it
 * was removed with what the fallback replaced (the button that fetched a step or a form), so it
 * fell to the page's body (decision 0090).
 */
function useTakeLostFocus(target: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) target.current?.focus();
  }, [enabled, target]);
}

/**
 * What the page area shows instead of a page: an alert whose title is the page's heading (an h1,
 * as every page has one; the route announcer takes a visitor who navigated here to it). Shown
 * where a loaded page was, it takes the focus the page's removed part held (the button that
 * fetched a step), which would otherwise fall to the page's body (decision 0090).
 */
function PageFallback({
  color,
  title,
  takeLostFocus,
  children,
}: {
  color: string;
  title: string;
  takeLostFocus: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useTakeLostFocus(heading, takeLostFocus);
  return (
    <Container size="sm" py="xl">
      {/* The tab's title says it too (read out by the route announcer), until the page is back. */}
      <PageMeta
        title={title}
        description="This part of TrekPeru is temporarily unavailable."
        noIndex
      />
      {/* The alert is named by the heading: Mantine's Alert names itself only by its own title,
          which cannot hold a heading, so it only draws the box here. */}
      <div role="alert" aria-labelledby={titleId}>
        <Alert variant="light" color={color} role="presentation">
          <Title order={1} id={titleId} ref={heading} tabIndex={-1} fz="sm" fw={700} mb="xs">
            {title}
          </Title>
          {children}
        </Alert>
      </div>
    </Container>
  );
}

/**
 * The header's Sign In leads to the wizard, whose sign-in modal is the wizard remote's: reached
 * that way and the remote down, the person is offered the host's own sign-in page, which needs
 * no remote (it returns to My Projects, as the modal's sign-in does).
 */
function SignInElsewhere() {
  const { state } = useLocation();
  if (!isSignInRequest(state)) return null;
  return (
    <Text mt="md">
      <Anchor component={Link} to={PATHS.signIn} inherit>
        Sign in on the sign-in page
      </Anchor>
    </Text>
  );
}

/** In the page area when a remote page's code could not be loaded; header and footer stay. */
export function RemoteLoadFailed({
  error,
  retrying,
  failedAgain,
  onRetry,
  takeLostFocus = false,
}: RetryState & {
  error: unknown;
  /** Shown where a loaded page was: it takes the focus the page's removed part held. */
  takeLostFocus?: boolean;
}) {
  const retry = <RetryControls retrying={retrying} failedAgain={failedAgain} onRetry={onRetry} />;
  // A remote built for an older site than this page: a reload gets the same page again; the
  // remote's team must deploy a new build, which Retry then loads (it reads the remote anew).
  if (error instanceof IncompatibleRemoteError && error.builtAgainstOlder) {
    return (
      <PageFallback color="orange" title="This page is being updated" takeLostFocus={takeLostFocus}>
        <Text mb="md">
          This part of TrekPeru is being updated and is not available for the moment. The rest of
          the site still works; please try again in a few minutes.
        </Text>
        {retry}
        <SignInElsewhere />
      </PageFallback>
    );
  }
  if (error instanceof IncompatibleRemoteError) {
    return (
      <PageFallback
        color="orange"
        title="This page needs a newer TrekPeru"
        takeLostFocus={takeLostFocus}
      >
        <Text mb="md">
          This part of TrekPeru was updated and needs a newer version of the site than this page
          has. Reloading the page usually fixes it.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <SignInElsewhere />
      </PageFallback>
    );
  }
  return (
    <PageFallback
      color="orange"
      title="This page could not be loaded"
      takeLostFocus={takeLostFocus}
    >
      <Text mb="md">
        This part of TrekPeru is temporarily unavailable. The rest of the site still works; please
        try again in a moment.
      </Text>
      {retry}
      <SignInElsewhere />
    </PageFallback>
  );
}

/** In the page area when a loaded page fails while rendering: a fault, not a download problem. */
export function PageCrashed({ resetErrorBoundary }: Pick<FallbackProps, 'resetErrorBoundary'>) {
  return (
    <PageFallback color="red" title="This page stopped working" takeLostFocus>
      <Text mb="md">
        Something went wrong while showing this page. The rest of TrekPeru still works.
      </Text>
      <Button variant="default" onClick={resetErrorBoundary}>
        Show the page again
      </Button>
    </PageFallback>
  );
}

/** The page's main heading, where the focus goes once a Retry has brought the page. */
export function pageHeading(): HTMLElement[] {
  return [
    document.querySelector<HTMLElement>('main h1'),
    document.querySelector<HTMLElement>('h1'),
  ].filter((heading) => heading !== null);
}

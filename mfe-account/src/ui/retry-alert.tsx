import { Alert, Button } from '@mantine/core';
import { busyButtonProps, RetryFailedAgainStatus } from '@trek/shared';

/**
 * A failed read's message with its Retry (`useRetry` of @trek/shared keeps the keyboard on it).
 * A page can show several: each Retry is named "Retry <what>", so a screen reader's list of
 * buttons tells them apart, and the name still begins with what is seen (WCAG 2.5.3).
 */
export function RetryAlert({
  message,
  what,
  retrying,
  failedAgain,
  onRetry,
}: {
  message: string;
  /** What Retry does, after its visible word, e.g. 'loading your sign-in methods'. */
  what: string;
  retrying: boolean;
  /** Retries failed again (`useRetry`'s `failedAgain`), each read out by the status line. */
  failedAgain: number;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={message}>
      <Button
        size="xs"
        variant="light"
        color="red"
        mt="xs"
        onClick={onRetry}
        aria-label={`Retry ${what}`}
        {...busyButtonProps(retrying)}
      >
        Retry
      </Button>
      <RetryFailedAgainStatus failedAgain={failedAgain} />
    </Alert>
  );
}

import { Alert, Button, VisuallyHidden } from '@mantine/core';
import { busyButtonProps } from '@trek/shared';

const RETRY_FAILED_AGAIN = "Still couldn't load. Try again later.";

/** A failed read's message with its Retry (`useRetry` of @trek/shared keeps the keyboard on it). */
export function RetryAlert({
  message,
  retrying,
  failedAgain,
  onRetry,
}: {
  message: string;
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
        {...busyButtonProps(retrying)}
      >
        Retry
      </Button>
      <RetryFailedAgain count={failedAgain} />
    </Alert>
  );
}

/** Mounted with the alert, so its later text is read out: a new line for each failed Retry. */
function RetryFailedAgain({ count }: { count: number }) {
  return (
    <VisuallyHidden role="status">
      {count > 0 && <span key={count}>{RETRY_FAILED_AGAIN}</span>}
    </VisuallyHidden>
  );
}

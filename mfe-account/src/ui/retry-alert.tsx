import { Alert, Button } from '@mantine/core';
import { busyButtonProps, RetryFailedAgainStatus } from '@trek/shared';

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
      <RetryFailedAgainStatus failedAgain={failedAgain} />
    </Alert>
  );
}

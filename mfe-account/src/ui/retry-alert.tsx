import { Alert, Button } from '@mantine/core';
import { busyButtonProps } from '@trek/shared';

/** A failed read's message with its Retry (`useRetry` of @trek/shared keeps the keyboard on it). */
export function RetryAlert({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
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
    </Alert>
  );
}

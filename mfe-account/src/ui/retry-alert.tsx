import { Alert, Button } from '@mantine/core';
import { busyButtonProps, useKeepFocus } from '@trek/shared';
import { useState } from 'react';

/** What a section needs of its query to show it failed and to ask again. */
export interface SectionRead {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * Retry of a failed read, without losing the keyboard. A query with no data goes back to
 * pending when asked again, so its place would turn to a skeleton and the focused Retry (and with
 * it the focus) would vanish: the failure stays shown, its Retry busy, while the read is on its
 * way (by the query's own state, so no render between two of its states shows neither). If it
 * fails again the Retry is still there and focused; if it succeeds the focus goes to
 * `fallback()` (the section's heading) instead of `<body>`.
 */
export function useRetry(read: SectionRead, fallback: () => HTMLElement | null) {
  const [retried, setRetried] = useState(false);
  // Loaded, the read is over; a later load (a reset query) shows its skeleton again.
  if (retried && read.isSuccess) setRetried(false);
  const keepFocus = useKeepFocus();
  const retrying = retried && read.isPending && read.isFetching;
  const retry = async () => {
    if (retrying) return;
    setRetried(true);
    await read.refetch();
    keepFocus(fallback);
  };
  return { failed: read.isError || retrying, retrying, retry };
}

/** A failed read's message with its Retry. */
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

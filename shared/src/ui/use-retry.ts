import { useState } from 'react';
import { type FocusFallback, useKeepFocus } from './keep-focus';

/** What a failed read's Retry needs of its query (a TanStack Query result has it all). */
export interface RetryableRead {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * Retry of a failed read, without losing the keyboard. A query with no data goes back to
 * pending when asked again, so its place would turn to a skeleton and the focused Retry (and with
 * it the focus) would vanish: `failed` stays true, and `retrying` says the Retry is busy, while
 * the read is on its way (by the query's own state, so no render between two of its states shows
 * neither). If it fails again the Retry is still there and focused; if it succeeds, what took its
 * place is gone with the alert, and the focus goes to `fallback()` (e.g. the section's heading)
 * instead of `<body>`.
 */
export function useRetry(read: RetryableRead, fallback: FocusFallback) {
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

import { useState } from 'react';
import { type FocusFallback, useKeepFocus } from './keep-focus';

/** What a failed read's Retry needs of its query (a TanStack Query result has it all). */
export interface RetryableRead {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  /** Its result says whether the read failed again (a TanStack Query result's `isError`). */
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
 * `failedAgain` counts the Retries that failed again since the last load: the alert is the same
 * node and its text unchanged, so a screen reader hears nothing when the spinner stops; shown in
 * a status line (a new node each time), the failure is read out again.
 */
export function useRetry(read: RetryableRead, fallback: FocusFallback) {
  const [retried, setRetried] = useState(false);
  const [failedAgain, setFailedAgain] = useState(0);
  // Loaded, the read is over; a later load (a reset query) shows its skeleton again.
  if (retried && read.isSuccess) setRetried(false);
  if (failedAgain > 0 && read.isSuccess) setFailedAgain(0);
  const keepFocus = useKeepFocus();
  const retrying = retried && read.isPending && read.isFetching;
  const retry = async () => {
    if (retrying) return;
    setRetried(true);
    const result = await read.refetch();
    if (failedAgainIn(result)) setFailedAgain((count) => count + 1);
    keepFocus(fallback);
  };
  return { failed: read.isError || retrying, retrying, retry, failedAgain };
}

function failedAgainIn(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'isError' in result && !!result.isError;
}

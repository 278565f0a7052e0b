import { VisuallyHidden } from '@mantine/core';

/** What a screen reader hears when a Retry fails again (the alert itself stays as it was). */
export const RETRY_FAILED_AGAIN = "Still couldn't load. Try again later.";

/**
 * The spoken line of a failed read's alert, for `useRetry`'s `failedAgain`. Mount it with the
 * alert: its status region then exists before any text, and each failed Retry puts a new node in
 * it, so the same words are read out again; the alert's own text does not change, and a screen
 * reader would say nothing when the Retry's spinner stops.
 */
export function RetryFailedAgainStatus({ failedAgain }: { failedAgain: number }) {
  return (
    <VisuallyHidden role="status">
      {failedAgain > 0 && <span key={failedAgain}>{RETRY_FAILED_AGAIN}</span>}
    </VisuallyHidden>
  );
}

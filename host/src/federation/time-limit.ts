/**
 * How long one read of a remote's manifest may take, retries included (decision 0002). A
 * manifest is a few kB: a slow mobile network fetches it in 2-4 s, while a remote that accepts
 * the connection and never answers, or a proxy that waits a minute before its 504, would
 * otherwise keep the page's skeleton up for that long, or for ever.
 */
export const MANIFEST_TIME_LIMIT_MS = 10_000;

/**
 * Runs `work` with a signal aborted after `ms`, and settles by then even if `work` ignores the
 * signal (an answer fetched earlier and handed over). A timer rather than AbortSignal.timeout,
 * whose clock fake timers cannot move.
 */
export function withTimeLimit<T>(
  ms: number,
  description: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException(`${description}: no answer within ${ms} ms`, 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  return Promise.race([work(controller.signal), expired]).finally(() => clearTimeout(timer));
}

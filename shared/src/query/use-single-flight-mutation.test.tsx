import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { useSingleFlightMutation } from './use-single-flight-mutation';

function setup<T>(mutationFn: (variables: T) => Promise<string>) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSingleFlightMutation({ mutationFn }), { wrapper });
}

/** A write whose answer the test gives. */
function deferredWrite() {
  const answers: Array<(value: string) => void> = [];
  const fails: Array<(error: Error) => void> = [];
  const fn = vi.fn(
    (_variables: unknown) =>
      new Promise<string>((resolve, reject) => {
        answers.push(resolve);
        fails.push(reject);
      }),
  );
  return {
    fn,
    answer: (value: string) => answers.at(-1)?.(value),
    fail: (error: Error) => fails.at(-1)?.(error),
  };
}

describe('useSingleFlightMutation', () => {
  it('sends one write for two calls in the same event (a double click before React renders)', async () => {
    const write = deferredWrite();
    const { result } = setup(write.fn);
    let sent: boolean[] = [];
    act(() => {
      sent = [result.current.mutate(1), result.current.mutate(2)];
    });
    expect(sent).toEqual([true, false]);
    await waitFor(() => expect(write.fn).toHaveBeenCalledTimes(1));
    expect(write.fn.mock.calls[0]?.[0]).toBe(1);
  });

  it('is pending from the first call, and lets the next write go once the answer is in', async () => {
    const write = deferredWrite();
    const onSuccess = vi.fn();
    const { result } = setup(write.fn);
    act(() => {
      result.current.mutate(undefined, { onSuccess });
    });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(write.fn).toHaveBeenCalledTimes(1));
    await act(async () => write.answer('done'));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.[0]).toBe('done');

    act(() => {
      result.current.mutate(undefined);
    });
    await waitFor(() => expect(write.fn).toHaveBeenCalledTimes(2));
  });

  it('lets the write be tried again after a failure, from its onError already', async () => {
    const write = deferredWrite();
    const { result } = setup(write.fn);
    let retried: boolean | undefined;
    act(() => {
      result.current.mutate(undefined, {
        onError: () => {
          retried = result.current.mutate(undefined);
        },
      });
    });
    await waitFor(() => expect(write.fn).toHaveBeenCalledTimes(1));
    await act(async () => write.fail(new Error('500: Internal server error')));
    await waitFor(() => expect(write.fn).toHaveBeenCalledTimes(2));
    expect(retried).toBe(true);
  });
});

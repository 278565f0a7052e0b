import {
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

export type SingleFlightMutationResult<TData, TError, TVariables, TOnMutateResult> = Omit<
  UseMutationResult<TData, TError, TVariables, TOnMutateResult>,
  'mutate' | 'mutateAsync'
> & {
  /**
   * Sends the write unless one from this hook is on its way; returns whether it was sent. A
   * second call meanwhile (a double click, a second Enter) is ignored.
   */
  mutate: (
    variables: TVariables,
    options?: MutateOptions<TData, TError, TVariables, TOnMutateResult>,
  ) => boolean;
};

/**
 * `useMutation` for a write a person starts with a button: one at a time. A second call while
 * one is on its way is ignored at once, in the same event if need be: `isPending` of
 * `useMutation` only changes once TanStack Query has told React and React has rendered, after a
 * timer, and by then a fast double click or a second Enter has already sent the write again.
 * `isPending` here is true from the first call's own render. `mutateAsync` is left out: a caller
 * that awaits wraps `mutate`, so an ignored call cannot run the caller's follow-up twice.
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): SingleFlightMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const { mutate: send, mutateAsync: _left, reset, ...mutation } = useMutation(options);
  const inFlight = useRef(false);
  // The ref guards; the state shows the button busy from the click's own render.
  const [started, setStarted] = useState(false);

  const release = useCallback(() => {
    inFlight.current = false;
    setStarted(false);
  }, []);

  const mutate = useCallback(
    (
      variables: TVariables,
      callbacks: MutateOptions<TData, TError, TVariables, TOnMutateResult> = {},
    ) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setStarted(true);
      // Released before the caller's callbacks run, so an onError may offer to try again at once.
      send(variables, {
        onSuccess: (...args) => {
          release();
          return callbacks.onSuccess?.(...args);
        },
        onError: (...args) => {
          release();
          return callbacks.onError?.(...args);
        },
        onSettled: (...args) => {
          release();
          return callbacks.onSettled?.(...args);
        },
      });
      return true;
    },
    [send, release],
  );

  return {
    ...mutation,
    isPending: mutation.isPending || started,
    mutate,
    reset: () => {
      release();
      reset();
    },
  } as SingleFlightMutationResult<TData, TError, TVariables, TOnMutateResult>;
}

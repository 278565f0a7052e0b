import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A read whose first answer is `first` and whose later answers wait for the test: `route` for
 * `mockApi`, and `answer(response)` once the page has asked again (a Retry's busy state is seen
 * in between).
 */
export function heldReads(first: () => Response) {
  let pending: ((response: Response) => void) | null = null;
  let asked = 0;
  return {
    route: () => {
      asked += 1;
      if (asked === 1) return first();
      return new Promise<Response>((resolve) => {
        pending = resolve;
      });
    },
    answer: async (response: Response) => {
      await waitFor(() => expect(pending).not.toBeNull());
      const resolve = pending;
      pending = null;
      await act(async () => resolve?.(response));
    },
  };
}

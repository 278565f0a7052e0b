import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { AppProviders } from './app-providers';
import { useRetry } from './use-retry';

function Section({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['settings'], queryFn: read });
  const heading = useRef<HTMLHeadingElement>(null);
  const { failed, retrying, retry, failedAgain } = useRetry(query, () => heading.current);
  return (
    <section>
      <h2 ref={heading}>Notifications</h2>
      {failed ? (
        <div role="alert">
          We couldn't load your notification settings.
          {/* A plain button, not busy: a second Retry while one is on its way must not read twice. */}
          <button type="button" aria-busy={retrying} onClick={() => void retry()}>
            Retry
          </button>
          <p role="status">{failedAgain > 0 && `Failed again (${failedAgain})`}</p>
        </div>
      ) : query.isPending ? (
        <p>Loading</p>
      ) : (
        <p>{query.data}</p>
      )}
    </section>
  );
}

/** A read the test answers when it chooses. */
function deferred() {
  let resolve: (value: string) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<string>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useRetry', () => {
  it('keeps the failure and its focused Retry while asked again, and gives the heading the keyboard once loaded', async () => {
    const answers = [deferred(), deferred(), deferred(), deferred()];
    const read = vi.fn(
      () => (answers[read.mock.calls.length - 1] as ReturnType<typeof deferred>).promise,
    );
    const queryClient = createQueryClient();
    render(
      <AppProviders queryClient={queryClient} env="test">
        <Section read={read} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    expect(screen.getByText('Loading')).toBeTruthy();
    answers[0]?.reject(new Error('503: Service Unavailable'));
    const retry = await screen.findByRole('button', { name: 'Retry' });

    // Asked again: the query is pending once more, yet the failure and its Retry stay, busy.
    await user.click(retry);
    await waitFor(() => expect(retry.getAttribute('aria-busy')).toBe('true'));
    expect(screen.queryByText('Loading')).toBeNull();
    expect(document.activeElement).toBe(retry);
    await user.click(retry);
    expect(read).toHaveBeenCalledTimes(2);

    // It fails again: the same Retry, focused, ready.
    answers[1]?.reject(new Error('503: Service Unavailable'));
    await waitFor(() => expect(retry.getAttribute('aria-busy')).toBe('false'));
    expect(retry.isConnected).toBe(true);
    expect(document.activeElement).toBe(retry);
    // ...and the failure is said again, for the screen reader that heard the Retry go busy.
    expect(screen.getByRole('status').textContent).toBe('Failed again (1)');

    // It loads: the Retry is gone, the heading has the keyboard rather than <body>.
    await user.click(retry);
    answers[2]?.resolve('Email on');
    await screen.findByText('Email on');
    expect(retry.isConnected).toBe(false);
    const heading = screen.getByRole('heading', { name: 'Notifications' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    // The retry is over: a later load of the reset query shows its loading state again.
    void queryClient.resetQueries({ queryKey: ['settings'] });
    expect(await screen.findByText('Loading')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    answers[3]?.resolve('Email on');
    await screen.findByText('Email on');
  });
});

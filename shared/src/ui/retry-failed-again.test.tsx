import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETRY_FAILED_AGAIN, RetryFailedAgainStatus } from './retry-failed-again';

function renderStatus(failedAgain: number) {
  return render(
    <MantineProvider>
      <RetryFailedAgainStatus failedAgain={failedAgain} />
    </MantineProvider>,
  );
}

describe('RetryFailedAgainStatus', () => {
  it('is an empty status region until a Retry fails again', () => {
    renderStatus(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('puts a new node in the region for each failed Retry, so the same words are read again', () => {
    const { rerender } = renderStatus(1);
    const region = screen.getByRole('status');
    const first = screen.getByText(RETRY_FAILED_AGAIN);
    expect(region.contains(first)).toBe(true);
    rerender(
      <MantineProvider>
        <RetryFailedAgainStatus failedAgain={2} />
      </MantineProvider>,
    );
    const second = screen.getByText(RETRY_FAILED_AGAIN);
    expect(screen.getByRole('status')).toBe(region);
    expect(second).not.toBe(first);
    expect(first.isConnected).toBe(false);
  });
});

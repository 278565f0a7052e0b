import { act, screen } from '@testing-library/react';
import { mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { SubmittingWizard } from '../../../test/submitting-wizard';

// The overlay's chunk cannot be fetched (a network failure at the moment of sending).
vi.mock('./submitting-overlay', () => {
  throw new Error('Loading chunk failed');
});

describe('RequestWizard while submitting, without the overlay', () => {
  it('says the request is being created instead of failing the page', async () => {
    mockApi();
    renderPage(<SubmittingWizard />);
    // The import has failed, and React has rendered what the failure left.
    await expect(import('./submitting-overlay')).rejects.toThrow();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // A status of its own (the languages line beside it is one too).
    const status = screen
      .getAllByRole('status')
      .find((node) => node.textContent === 'Creating your trek request');
    expect(status).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('step-indicator')).toBeTruthy();
    // The last step fetches the dates step ahead too; let it finish before the test ends.
    await import('./dates-step');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { AppProviders } from './app-providers';
import { MagicLinkButton } from './magic-link-button';

const renderWithProviders = (ui: ReactNode) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );

describe('MagicLinkButton', () => {
  it('says its label and sends when no countdown runs', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <MagicLinkButton label="Resend link" secondsLeft={0} sending={false} onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'Resend link' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('says how long to wait and sends nothing while the countdown runs, keeping the focus', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <MagicLinkButton label="Resend link" secondsLeft={42} sending={false} onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'Resend in 42s' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // Not disabled: it can hold the focus (decision 90).
    expect(button.hasAttribute('disabled')).toBe(false);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is busy while a link is on its way', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <MagicLinkButton label="Send sign-in link" secondsLeft={0} sending onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: /Send sign-in link/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

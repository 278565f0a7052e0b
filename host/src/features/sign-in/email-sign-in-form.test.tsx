import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, heldAnswer, json, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { EmailSignInForm } from './email-sign-in-form';

const sent = () => json({ success: true, message: 'Check your email for a sign-in link.' });

describe('EmailSignInForm', () => {
  it("stays on the form after 'Use another address', whatever the resend left behind answers", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const held = [heldAnswer(), heldAnswer()];
      let calls = 0;
      const api = mockApi({
        routes: {
          'POST /api/auth/request-magic-link': () => {
            calls += 1;
            // The two resends wait for the test's answer; the sends from the form do not.
            if (calls === 2) return held[0]?.route() ?? sent();
            if (calls === 4) return held[1]?.route() ?? sent();
            return sent();
          },
        },
      });
      const sends = () => api.callsTo('POST /api/auth/request-magic-link');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderRoutes([{ path: '/sign-in', element: <EmailSignInForm returnTo="/u/projects" /> }], {
        path: '/sign-in',
      });
      await user.type(await screen.findByLabelText('First Name *'), 'Ana');
      await user.type(screen.getByLabelText('Last Name *'), 'Quispe');
      await user.type(screen.getByLabelText('Email *'), 'ana@example.com');
      await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
      await screen.findByRole('heading', { name: 'Check your email' });

      // A resend, then 'Use another address' before its answer, which succeeds.
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      await waitFor(() => expect(sends()).toHaveLength(2));
      await user.click(screen.getByRole('button', { name: 'Use another address' }));
      const email = await screen.findByLabelText('Email *');
      await user.clear(email);
      await user.type(email, 'bea@example.com');
      await act(async () => {
        held[0]?.answer(sent());
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
      expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe('bea@example.com');

      // The new address is a new send, whose own sent view names it.
      await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
      await screen.findByRole('heading', { name: 'Check your email' });
      expect(screen.getByText('bea@example.com')).toBeTruthy();

      // A resend left behind that fails says nothing on the form the person went back to.
      act(() => vi.advanceTimersByTime(60_000));
      await user.click(screen.getByRole('button', { name: 'Resend link' }));
      await waitFor(() => expect(sends()).toHaveLength(4));
      await user.click(screen.getByRole('button', { name: 'Use another address' }));
      await act(async () => {
        held[1]?.answer(apiError(500, 'INTERNAL', 'Internal server error'));
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
      expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe('bea@example.com');
    } finally {
      vi.useRealTimers();
    }
  });
});

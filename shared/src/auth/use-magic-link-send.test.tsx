import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { apiError, heldAnswer, json, mockApi } from '@trek/shared/testing/mock-api';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client';
import { useMagicLinkSend } from './use-magic-link-send';

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMagicLinkSend(), { wrapper });
}

const request = (email: string) => ({
  email,
  firstName: 'Ana',
  lastName: 'Quispe',
  redirectTo: '/u/projects',
});

describe('useMagicLinkSend', () => {
  it('ignores the answer of a send left behind by changeDetails, success or failure', async () => {
    const answers = [heldAnswer(), heldAnswer()];
    let calls = 0;
    const api = mockApi({
      routes: {
        'POST /api/auth/request-magic-link': () => {
          calls += 1;
          return answers[calls - 1]?.route() ?? json({ success: true, message: 'Sent.' });
        },
      },
    });
    const { result } = setup();
    const settle = async () => {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    };

    act(() => result.current.send(request('ana@example.com')));
    await waitFor(() => expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(1));
    act(() => result.current.changeDetails());
    expect(result.current.sending).toBe(false);
    answers[0]?.answer(json({ success: true, message: 'Sent.' }));
    await settle();
    expect(result.current.view).toBe('form');
    expect(result.current.sent).toBeNull();

    act(() => result.current.send(request('bea@example.com')));
    await waitFor(() => expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(2));
    act(() => result.current.changeDetails());
    answers[1]?.answer(apiError(500, 'INTERNAL', 'Internal error'));
    await settle();
    expect(result.current.error).toBeNull();

    // A send not left behind counts.
    act(() => result.current.send(request('cy@example.com')));
    await waitFor(() => expect(result.current.view).toBe('sent'));
    expect(result.current.sent?.request.email).toBe('cy@example.com');
    expect(result.current.secondsLeft('')).toBe(60);
  });

  it("starts the address's countdown when a send left behind succeeds (a link did go out)", async () => {
    const held = heldAnswer();
    const api = mockApi({ routes: { 'POST /api/auth/request-magic-link': () => held.route() } });
    const { result } = setup();
    act(() => result.current.send(request('ana@example.com')));
    await waitFor(() => expect(api.callsTo('POST /api/auth/request-magic-link')).toHaveLength(1));
    act(() => result.current.changeDetails());
    held.answer(json({ success: true, message: 'Sent.' }));
    await waitFor(() => expect(result.current.secondsLeft('ana@example.com')).toBe(60));
    expect(result.current.view).toBe('form');
    expect(result.current.secondsLeft('bea@example.com')).toBe(0);
  });
});

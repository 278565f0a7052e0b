import { useInterval } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { emailSchema } from '../schemas/fields';

/** Resend is disabled this long after each magic link sent (docs/product/sign-in.md). */
export const RESEND_COOLDOWN_S = 60;

/** Seconds left before another link may be sent. */
export function resendSecondsLeft(sentAt: number, now: number): number {
  return Math.max(0, RESEND_COOLDOWN_S - Math.floor((now - sentAt) / 1000));
}

/**
 * The same address as far as the server is concerned (it reads addresses as `emailSchema`
 * normalises them: trimmed, NFC, lower case, the domain in ASCII): sending to it again is a
 * resend, which waits out the countdown.
 */
export function sameAddress(a: string, b: string): boolean {
  const key = (address: string) => {
    const parsed = emailSchema.safeParse(address);
    return parsed.success ? parsed.data : address.trim().normalize('NFC').toLowerCase();
  };
  return key(a) === key(b);
}

export interface ResendCountdown {
  /** Seconds before another link may go to `email` (0 for another address, or none sent). */
  secondsLeftFor(email: string): number;
  /** Seconds before the last link sent may be sent again (0 when none was sent). */
  secondsLeft: number;
  /** To be called when a link was sent to `email`: its countdown starts. */
  sent(email: string): void;
}

/**
 * The countdown of a magic-link form ('Resend in {n}s'): after each link sent, the same address
 * waits 60 seconds, whichever view of the form asks (going back to the fields is no way round
 * it). Ticks once a second only while counting.
 */
export function useResendCountdown(): ResendCountdown {
  const [lastSend, setLastSend] = useState<{ email: string; at: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const ticker = useInterval(() => setNow(Date.now()), 1000);
  const secondsLeft = lastSend ? resendSecondsLeft(lastSend.at, now) : 0;
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (counting) ticker.start();
    else ticker.stop();
    return ticker.stop;
  }, [counting, ticker]);
  const sent = useCallback((email: string) => {
    const at = Date.now();
    setLastSend({ email, at });
    setNow(at);
  }, []);
  return {
    secondsLeft,
    secondsLeftFor: (email) => (lastSend && sameAddress(email, lastSend.email) ? secondsLeft : 0),
    sent,
  };
}

import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { busyButtonProps } from './keep-focus';

export interface MagicLinkButtonProps
  extends Omit<ButtonProps, 'children' | 'loading' | 'disabled'>,
    Pick<ComponentPropsWithoutRef<'button'>, 'type' | 'onClick'> {
  /** What it says when a link may go ('Send sign-in link', 'Resend link'). */
  label: string;
  /** Seconds before another link may go to this address (`useResendCountdown`). */
  secondsLeft: number;
  /** A link is on its way. */
  sending: boolean;
}

/**
 * The button that sends a magic link: while the 60-second countdown runs it says
 * 'Resend in {n}s' and waits, while a link is on its way it spins; either way it keeps the
 * focus (a disabled button would drop it to the page: decision 90).
 */
export function MagicLinkButton({ label, secondsLeft, sending, ...props }: MagicLinkButtonProps) {
  return (
    <Button {...props} {...busyButtonProps(secondsLeft > 0 || sending, { spinner: sending })}>
      {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : label}
    </Button>
  );
}

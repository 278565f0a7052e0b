import { useRef, useState } from 'react';
import {
  type MagicLinkRequest,
  type MagicLinkResponse,
  magicLinkError,
  requestMagicLinkMutationOptions,
} from '../api/magic-link';
import { useSingleFlightMutation } from '../query/use-single-flight-mutation';
import { useResendCountdown } from './resend-countdown';

/** The two views of a magic-link form: the fields, or 'Check your email'. */
export type MagicLinkView = 'form' | 'sent';

/** The link the sent view is about: what was asked, and what the server answered. */
export interface SentMagicLink {
  request: MagicLinkRequest;
  response: MagicLinkResponse;
}

export interface MagicLinkSend {
  view: MagicLinkView;
  /** The link the sent view shows (null before the first one). */
  sent: SentMagicLink | null;
  /** Links sent again from the sent view since it opened: each one is announced. */
  resends: number;
  /** Seconds before the button may send: the sent view's link, or the form's address. */
  secondsLeft: (formEmail: string) => number;
  /** A send is on its way (the button is busy). */
  sending: boolean;
  /** What the server said about the last send, until the person sends again or moves on. */
  error: ReturnType<typeof magicLinkError> | null;
  clearError: () => void;
  /** Sends a link from the form; nothing while that address waits out its countdown. */
  send: (request: MagicLinkRequest) => void;
  /** The sent view's 'Resend link': the same request again. */
  resend: () => void;
  /** Back to the form ('Change details', 'Use another address'): a send still on its way is left behind. */
  changeDetails: () => void;
}

/**
 * The magic-link flow of the registration modal and of /sign-in (docs/product/sign-in.md): one
 * send at a time, the sent view, the 60 s countdown per address, the server's message. A send
 * the person left behind (a resend still on its way when they went back to the form) changes
 * nothing when its answer comes: they stay on the form they are editing.
 */
export function useMagicLinkSend(): MagicLinkSend {
  const [view, setView] = useState<MagicLinkView>('form');
  const [sent, setSent] = useState<SentMagicLink | null>(null);
  const [resends, setResends] = useState(0);
  // To the address a link went to, another waits out its countdown, from either view.
  const countdown = useResendCountdown();
  const [error, setError] = useState<ReturnType<typeof magicLinkError> | null>(null);
  const mutation = useSingleFlightMutation({
    ...requestMagicLinkMutationOptions(),
    // Here, not in the send's own callbacks: a link that went out counts for its address's
    // countdown even when the person went back to the form before it was answered (a send's own
    // callbacks are dropped then, and would be ignored anyway).
    onSuccess: (_response, request) => countdown.sent(request.email),
  });
  // The number of the send whose answer counts. Each send takes the next one; going back to the
  // form takes one too, so no send started before it matches. The callbacks are the send's own
  // (`mutate`'s, not the options'): TanStack Query (5.x) already drops those of a mutation reset
  // or followed by another, which the options' ones are not; the number says the rule here
  // rather than leave it to that undocumented detail.
  const current = useRef(0);

  const start = (request: MagicLinkRequest, isResend: boolean) => {
    if (countdown.secondsLeftFor(request.email) > 0) return;
    const number = current.current + 1;
    const started = mutation.mutate(request, {
      onSuccess: (response) => {
        if (number !== current.current) return;
        setSent({ request, response });
        // A resend: the status line has news to say (magicLinkSentStatus).
        setResends((count) => (isResend ? count + 1 : 0));
        setView('sent');
      },
      onError: (failure) => {
        if (number === current.current) setError(magicLinkError(failure));
      },
    });
    if (!started) return;
    current.current = number;
    setError(null);
  };

  return {
    view,
    sent,
    resends,
    secondsLeft: (formEmail) =>
      view === 'sent' ? countdown.secondsLeft : countdown.secondsLeftFor(formEmail),
    sending: mutation.isPending,
    error,
    clearError: () => setError(null),
    send: (request) => start(request, false),
    resend: () => {
      if (sent) start(sent.request, true);
    },
    changeDetails: () => {
      current.current += 1;
      mutation.reset();
      setError(null);
      setView('form');
    },
  };
}

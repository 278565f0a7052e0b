import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  ApiError,
  busyButtonProps,
  emailSchema,
  magicLinkError,
  PATHS,
  PageMeta,
  SIGN_IN_REQUEST_STATE,
  sendLinkingMagicLinkMutationOptions,
  useAuth,
  useSingleFlightMutation,
} from '@trek/shared';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  forgetLinkingLinkSent,
  rememberLinkingLinkSent,
  useLinkingLinkSentBefore,
} from '../features/sign-in/linking-link-sent';

/** The server refused the address: the one failure that checking it can mend. */
export const SEND_FAILED = 'We could not send the link. Please check the address and try again.';

/** Dead ends: no link this page sends can finish this sign-in; signing in again starts a new one. */
export const LINKING_EXPIRED = {
  title: 'This sign-in attempt has expired',
  message: 'It has to be confirmed within 15 minutes of signing in. Sign in again to start over.',
} as const;
export const LINKING_INCOMPLETE = {
  title: 'This sign-in attempt cannot be completed',
  message:
    'The address of this page is incomplete: it does not say what to link. Sign in again to start over.',
} as const;

const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook' } as const;

function isProvider(value: string): value is keyof typeof PROVIDER_NAMES {
  return Object.hasOwn(PROVIDER_NAMES, value);
}

/**
 * The server refused the attempt itself rather than the address, so no retry can work: its
 * linking token is past its time (or for another address), or it is not a token at all
 * (VALIDATION, while the address entered is a valid one: the token and provider are the only
 * other fields). A token that never was one is a broken link, not a late one: it gets the
 * incomplete address's dead end, not "expired".
 */
function refusedAttempt(
  error: unknown,
  email: string,
  edited: boolean,
): 'expired' | 'unusable' | null {
  if (!(error instanceof ApiError)) return null;
  // An address changed by hand is refused as LINKING_EXPIRED too: checking it is the way out.
  if (error.code === 'LINKING_EXPIRED') return edited ? null : 'expired';
  return error.code === 'VALIDATION' && emailSchema.safeParse(email).success ? 'unusable' : null;
}

/**
 * What a failed send that a retry may mend says (docs/product/sign-in.md, "Conflicts"): to check
 * the address only when the server refused it (or, changed by hand, it is not the attempt's);
 * a wait or an error of ours in the words the registration modal uses for them.
 */
function sendFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'LINKING_EXPIRED') return SEND_FAILED;
  const failure = magicLinkError(error);
  return failure.code === 'invalid_email' ? SEND_FAILED : failure.message;
}

/** The page's title and a dead end's reason, with the way out. */
function DeadEnd({
  title,
  message,
  alertRef,
}: {
  title: string;
  message: string;
  alertRef?: Ref<HTMLDivElement>;
}): ReactNode {
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        Account found with a different sign-in method
      </Title>
      <Alert ref={alertRef} color="red" variant="light" role="alert" title={title} tabIndex={-1}>
        {message}
      </Alert>
      <Button component={Link} to={PATHS.signIn}>
        Sign in again
      </Button>
    </Stack>
  );
}

/**
 * A social sign-in whose e-mail belongs to an account with another method: the owner proves the
 * e-mail with a magic link, which then links the provider (docs/product/sign-in.md, "Conflicts").
 */
export function AuthConflictPage() {
  const [params] = useSearchParams();
  const provider = params.get('provider') ?? '';
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const edited = email.trim().toLowerCase() !== (params.get('email') ?? '').trim().toLowerCase();
  // One e-mail per press: `isPending` of a plain mutation turns true only after a render, so
  // both clicks of a fast double click sent one (decision 90).
  const send = useSingleFlightMutation({
    ...sendLinkingMagicLinkMutationOptions(),
    // Logged for us (docs/product/sign-in.md), and said inline: a silent failure leaves the
    // person waiting for an e-mail that never comes.
    onError: (error) => console.error('Could not send the linking e-mail', error),
    onSuccess: (answer, sent) => {
      void rememberLinkingLinkSent({
        token: sent.linkingToken,
        provider: sent.provider,
        email: sent.email,
        linkingSecondsLeft: answer.linkingSecondsLeft,
      });
    },
  });
  // Sent before a reload of this page: it still says where the link went (the spec's "after
  // sending"), rather than offer the form that would send a second e-mail.
  const sentBefore = useLinkingLinkSentBefore({ token, provider });
  const sentTo = send.isSuccess ? email.trim() : sentBefore.sentTo;
  // A moment, while what this tab kept is checked against this attempt's token: neither view
  // (no form that could send a second e-mail).
  const checkingKept = sentBefore.checking && !send.isSuccess;
  // The link has been used (followed in this browser, another tab signed in and told this one):
  // the account it went to now has the provider, and what this tab kept of the send can go.
  const { user } = useAuth();
  const linked =
    sentTo !== null &&
    user !== null &&
    user.email.toLowerCase() === sentTo.toLowerCase() &&
    user.providers.some((method) => method.provider === provider);
  useEffect(() => {
    if (linked) forgetLinkingLinkSent();
  }, [linked]);
  // The sent view's heading takes focus; the status line (mounted in both views) announces it.
  const sentHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (send.isSuccess) sentHeading.current?.focus();
  }, [send.isSuccess]);
  const refused = send.isError ? refusedAttempt(send.error, email.trim(), edited) : null;
  // The send button is gone with the form: the reason takes the keyboard instead of <body>.
  const refusedAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused) refusedAlert.current?.focus();
  }, [refused]);
  const knownProvider = isProvider(provider);
  const providerName = knownProvider ? PROVIDER_NAMES[provider] : '';

  return (
    <>
      <PageMeta
        title="Account found with a different sign-in method"
        description="Confirm your e-mail to link sign-in methods."
        noIndex
      />
      <Container size={480} py={64}>
        <Paper withBorder radius="md" p="xl">
          <VisuallyHidden role="status">
            {send.isSuccess ? `Check Your Email. We sent a link to ${sentTo}.` : ''}
          </VisuallyHidden>
          {!knownProvider || !token ? (
            // Nothing to link (a hand-made or cut address): no form that cannot work.
            <DeadEnd {...LINKING_INCOMPLETE} />
          ) : refused ? (
            <DeadEnd
              {...(refused === 'expired' ? LINKING_EXPIRED : LINKING_INCOMPLETE)}
              alertRef={refusedAlert}
            />
          ) : checkingKept ? null : sentTo !== null ? (
            <Stack gap="md">
              <Title order={1} fz={26} ref={sentHeading} tabIndex={-1}>
                Check Your Email
              </Title>
              {/* A long address breaks anywhere rather than widen a phone's page. */}
              <Text style={{ overflowWrap: 'anywhere' }}>
                We sent a link to <strong>{sentTo}</strong>. Open it to confirm the address; your{' '}
                {providerName} account is then linked and you are signed in.
              </Text>
              <Button component={Link} to="/trek/new">
                Continue
              </Button>
            </Stack>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!email.trim()) return;
                send.mutate({ email: email.trim(), linkingToken: token, provider });
              }}
            >
              <Stack gap="md">
                <Title order={1} fz={26}>
                  Account found with a different sign-in method
                </Title>
                <Text c="dimmed">
                  An account already uses this e-mail. To link {providerName} to it, confirm the
                  address with a sign-in link.
                </Text>
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.currentTarget.value);
                    // The failure was about what was sent: once the address changes, it no longer
                    // speaks of what is in the field (the modal's alert goes the same way).
                    if (send.isError) send.reset();
                  }}
                  required
                />
                {send.isError && (
                  <Alert color="red" variant="light" role="alert">
                    {sendFailure(send.error)}
                  </Alert>
                )}
                {/* Busy, not disabled, while sending: a native `disabled` drops the keyboard's
                    focus to <body>; it stays on the button, which the failure leaves in place. */}
                <Button type="submit" disabled={!email.trim()} {...busyButtonProps(send.isPending)}>
                  Send verification link
                </Button>
                {/* The spec's /trek/new, with the header's Sign In state: the wizard opens its
                    sign-in modal, as both links promise (a bare /trek/new is an empty step 1). */}
                <Group justify="space-between">
                  <Anchor component={Link} to={PATHS.newTrek} state={SIGN_IN_REQUEST_STATE} fz="sm">
                    Use another method
                  </Anchor>
                  <Anchor component={Link} to={PATHS.newTrek} state={SIGN_IN_REQUEST_STATE} fz="sm">
                    Back to sign in
                  </Anchor>
                </Group>
              </Stack>
            </form>
          )}
        </Paper>
      </Container>
    </>
  );
}

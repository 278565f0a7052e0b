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
import { useMutation } from '@tanstack/react-query';
import { PageMeta, sendLinkingMagicLinkMutationOptions } from '@trek/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

export const SEND_FAILED = 'We could not send the link. Please check the address and try again.';

const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook' } as const;

function isProvider(value: string): value is keyof typeof PROVIDER_NAMES {
  return Object.hasOwn(PROVIDER_NAMES, value);
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
  const send = useMutation({
    ...sendLinkingMagicLinkMutationOptions(),
    // Logged for us (docs/product/sign-in.md), and said inline: a silent failure leaves the
    // person waiting for an e-mail that never comes.
    onError: (error) => console.error('Could not send the linking e-mail', error),
  });
  // The sent view's heading takes focus; the status line (mounted in both views) announces it.
  const sentHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (send.isSuccess) sentHeading.current?.focus();
  }, [send.isSuccess]);
  const providerName = isProvider(provider) ? PROVIDER_NAMES[provider] : 'your provider';

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
            {send.isSuccess ? `Check Your Email. We sent a link to ${email.trim()}.` : ''}
          </VisuallyHidden>
          {send.isSuccess ? (
            <Stack gap="md">
              <Title order={1} fz={26} ref={sentHeading} tabIndex={-1}>
                Check Your Email
              </Title>
              <Text>
                We sent a link to <strong>{email.trim()}</strong>. Open it to confirm the address;
                your {providerName} account is then linked and you are signed in.
              </Text>
              <Button component={Link} to="/trek/new">
                Continue
              </Button>
            </Stack>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!email.trim() || send.isPending) return;
                if (isProvider(provider))
                  send.mutate({ email: email.trim(), linkingToken: token, provider });
                else console.error('The conflict page names no known provider', provider);
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
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  required
                />
                {send.isError && (
                  <Alert color="red" variant="light" role="alert">
                    {SEND_FAILED}
                  </Alert>
                )}
                <Button type="submit" disabled={!email.trim()} loading={send.isPending}>
                  Send verification link
                </Button>
                <Group justify="space-between">
                  <Anchor component={Link} to="/trek/new" fz="sm">
                    Use another method
                  </Anchor>
                  <Anchor component={Link} to="/trek/new" fz="sm">
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

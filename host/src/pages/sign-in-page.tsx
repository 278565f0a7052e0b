import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import {
  lazyWithRetry,
  PageMeta,
  PageSkeleton,
  PartDownloadBoundary,
  providersQueryOptions,
  SITE,
  socialSignInButtonContent,
  useAuth,
} from '@trek/shared';
import { DEFAULT_RETURN_TO, RETURN_PATH_MAX_LENGTH, sameOriginPath } from '@trek/shared/contract';
import { Suspense, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';

/**
 * The e-mail form (and Mantine's forms slice) loads when asked for, not with the page; a failed
 * download says so in the form's place, whose Retry fetches it again (`PartDownloadBoundary`):
 * the social sign-in buttons stay.
 */
const EmailSignInForm = lazyWithRetry(() =>
  import('../features/sign-in/email-sign-in-form').then((module) => ({
    default: module.EmailSignInForm,
  })),
);

/**
 * Only same-origin paths are passed on, judged as the API judges its redirects (a raw tab in
 * '/\t/evil.example', which the browser's URL parser drops, leaving another host, is encoded and
 * stays in the path); anything else falls back to My Projects (docs/product/site.md, "Routes").
 */
export function safeReturnTo(value: string | null): string {
  // The query's value arrives decoded: what a URL would carry encoded ('a b', 'é', a tab) is
  // encoded again, so a path the site wrote by hand keeps working and a tab stays in the path.
  let encoded: string | null;
  try {
    encoded = value?.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char)) ?? null;
  } catch {
    encoded = null; // half of a surrogate pair: no path
  }
  const path = sameOriginPath(encoded);
  if (path === null) return DEFAULT_RETURN_TO;
  if (path.length <= RETURN_PATH_MAX_LENGTH) return path;
  // The API refuses a longer one, and every sign-in would fail: the page itself, without its
  // query (campaign tags, say), is still where the person was going.
  const [page = DEFAULT_RETURN_TO] = path.split(/[?#]/u);
  return page.length <= RETURN_PATH_MAX_LENGTH ? page : DEFAULT_RETURN_TO;
}

/** Readable messages for the `error` codes the OAuth callback may send back. */
const SIGN_IN_ERRORS: Record<string, string> = {
  access_denied: 'Sign-in was cancelled. You can try again or use another method.',
  invalid_state: 'That sign-in attempt expired or was not started here. Please try again.',
  provider_error: 'The provider could not sign you in. Please try again or use another method.',
  rate_limited: 'Too many sign-in attempts from this network. Please try again within 10 minutes.',
  unavailable: 'This sign-in method is not available right now. Please use another one.',
};

type Provider = 'google' | 'facebook';

/** The sign-in page sends only returnTo (docs/product/sign-in.md, "Social sign-in"). */
export function providerSignInUrl(provider: Provider, returnTo: string): string {
  return `/auth/${provider}?${new URLSearchParams({ returnTo }).toString()}`;
}

export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const error = params.get('error');
  const errorMessage = error ? (SIGN_IN_ERRORS[error] ?? SIGN_IN_ERRORS.provider_error) : null;
  // A provider the server has no credentials for is shown as unavailable, not failed on later.
  const { data: providers } = useQuery(providersQueryOptions());
  const unavailable = (provider: Provider) => providers?.[provider].available === false;
  const [emailOpen, setEmailOpen] = useState(false);
  const emailPlace = useRef<HTMLDivElement>(null);
  const { isAuthenticated, isLoading } = useAuth();

  // A full-page navigation: the API answers with the provider's consent screen.
  const continueWith = (provider: Provider) =>
    window.location.assign(providerSignInUrl(provider, returnTo));

  const meta = (
    <PageMeta title="Sign in" description="Sign in to follow your trek requests." noIndex />
  );
  // Signed in already: on to where signing in would lead, the sign-in page left out of the
  // history. Not with an `error`: a failed link of another method (Settings) comes back here, and
  // its reason is said only here.
  if (isAuthenticated && !error) return <Navigate to={returnTo} replace />;
  // Until the user is known, no sign-in offer that a signed-in person would only leave.
  if (isLoading) {
    return (
      <>
        {meta}
        <PageSkeleton />
      </>
    );
  }

  return (
    <>
      {meta}
      <Container size={440} py={64}>
        <Paper withBorder radius="md" p="xl">
          <Stack gap="md">
            <Title order={1} ta="center" fz={28}>
              Sign in
            </Title>
            <Text c="dimmed" ta="center" fz="sm">
              Follow your trek requests and the offers guides send you.
            </Text>
            {errorMessage && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage}
              </Alert>
            )}
            {(['google', 'facebook'] as const).map((provider) => (
              <Button
                key={provider}
                variant="default"
                size="md"
                disabled={unavailable(provider)}
                onClick={() => continueWith(provider)}
                {...socialSignInButtonContent(
                  `Continue with ${provider === 'google' ? 'Google' : 'Facebook'}${
                    unavailable(provider) ? ' (unavailable)' : ''
                  }`,
                  providers?.[provider],
                )}
              />
            ))}
            {emailOpen ? (
              <div ref={emailPlace}>
                <PartDownloadBoundary
                  title="The e-mail form could not be loaded"
                  owner="host"
                  part="The e-mail form of host/SignInPage"
                  focusOnAnswer={() => emailPlace.current?.querySelector<HTMLElement>('input')}
                >
                  <Suspense fallback={<Skeleton height={200} radius="md" />}>
                    <EmailSignInForm returnTo={returnTo} />
                  </Suspense>
                </PartDownloadBoundary>
              </div>
            ) : (
              <Button variant="default" size="md" onClick={() => setEmailOpen(true)}>
                Email me a sign-in link
              </Button>
            )}
            <Button
              variant="subtle"
              size="sm"
              onClick={() =>
                notifications.show({
                  title: 'Coming Soon',
                  message: 'Sign-in with Apple is coming soon.',
                })
              }
            >
              Continue with Apple
            </Button>
            <Text fz="xs" c="dimmed" ta="center">
              By continuing you agree to our{' '}
              <Anchor href={SITE.legalUrl} fz="xs" underline="always" td="underline">
                Terms of Service
              </Anchor>{' '}
              and{' '}
              <Anchor href={SITE.legalUrl} fz="xs" underline="always" td="underline">
                Privacy Policy
              </Anchor>
              .
            </Text>
            <Anchor href={SITE.marketingUrl} fz="sm" ta="center">
              Back to the {SITE.name} website
            </Anchor>
          </Stack>
        </Paper>
      </Container>
    </>
  );
}

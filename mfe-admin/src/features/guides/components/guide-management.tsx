import { Alert, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ApiError,
  busyButtonProps,
  guidesQueryOptions,
  isWhatsappNumber,
  RetryFailedAgainStatus,
  useRetry,
} from '@trek/shared';
import { useRef, useState } from 'react';
import { CreateGuideForm } from './create-guide-form';
import { GuideList } from './guide-list';
import { GuideStats } from './guide-stats';

function loadFailure(error: unknown, shown: boolean): string {
  if (error instanceof ApiError && error.status === 401)
    return 'Your session has ended: sign in again.';
  if (error instanceof ApiError && error.status === 403) return 'Admin access required';
  return shown
    ? 'It shows the guides as they were last loaded. Check your connection and try again.'
    : 'Check your connection and try again.';
}

/** Placeholders shaped like the list, so nothing jumps when it arrives. */
function ListSkeleton() {
  return (
    <Stack gap="sm" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={150} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * The admin's guide management (docs/product/admin.md): the figures, the create form and the
 * list, with loading, error and empty states. The list is read again on Refresh and when the
 * admin comes back to the tab: guides join from their phones, not from this page.
 */
export function GuideManagement() {
  const guides = useQuery(guidesQueryOptions());
  const { data } = guides;
  const activationLinks = data ? isWhatsappNumber(data.whatsappNumber) : undefined;
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // The failure and its Retry stay while a list never loaded is asked again; once it loads, the
  // alert is gone and the list it asked for takes the keyboard.
  const { failed, retry, failedAgain } = useRetry(guides, () => [
    listHeading.current,
    pageHeading.current,
  ]);
  // Pending again, the query forgets its error: the message stays the one of the last failure.
  const [lastError, setLastError] = useState<unknown>(null);
  if (guides.error && guides.error !== lastError) setLastError(guides.error);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} ref={pageHeading}>
            Guide management
          </Title>
          <Text c="dimmed">
            Create guides and send each one the activation link: once they send the join message on
            WhatsApp, they show as connected.
          </Text>
        </div>
        <Button
          variant="default"
          onClick={() => void guides.refetch()}
          // Busy rather than disabled (also while the list first loads): a native `disabled`
          // throws the keyboard's focus back to <body>.
          {...busyButtonProps(guides.isFetching)}
        >
          Refresh
        </Button>
      </Group>

      {failed && (
        <Alert
          color={data ? 'yellow' : 'red'}
          title={data ? "The list couldn't be refreshed" : "We couldn't load the guides"}
          role="alert"
        >
          <Text fz="sm">{loadFailure(guides.error ?? lastError, data !== undefined)}</Text>
          <Button
            mt="sm"
            size="xs"
            variant="default"
            onClick={() => void retry()}
            {...busyButtonProps(guides.isFetching)}
          >
            Retry
          </Button>
          <RetryFailedAgainStatus failedAgain={failedAgain} />
        </Alert>
      )}
      {failed && !data ? null : (
        <>
          <GuideStats stats={data?.stats} />
          {data && !activationLinks && (
            <Alert color="yellow" title="Activation links are unavailable" role="note">
              The business WhatsApp number (WHATSAPP_NUMBER) is{' '}
              {data.whatsappNumber ? 'not 8 to 15 digits' : 'not set'} on the server.
            </Alert>
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <CreateGuideForm activationLinks={activationLinks} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <section aria-labelledby="guide-list-title" aria-busy={guides.isPending}>
                <Title order={2} fz="h3" id="guide-list-title" mb="sm" ref={listHeading}>
                  Guides
                </Title>
                {data ? (
                  <GuideList guides={data.guides} whatsappNumber={data.whatsappNumber} />
                ) : (
                  <ListSkeleton />
                )}
              </section>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

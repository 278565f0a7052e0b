import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ApiError,
  type AuthMethods,
  authMethodsQueryOptions,
  busyButtonProps,
  linkMagicLinkMutationOptions,
  PATHS,
  providersQueryOptions,
  type User,
  unlinkSignInMethodMutationOptions,
  useKeepFocus,
  useOnePress,
  useSingleFlightMutation,
} from '@trek/shared';
import { useState } from 'react';
import { SettingsSection } from '../../../ui/settings-section';
import { toastFailure, toastSuccess } from '../../../ui/toasts';
import { useLinkResult } from '../hooks/use-link-result';
import { canUnlink, linkUrl, METHODS, type MethodName } from '../model/methods';

const ONLY_METHOD = 'You cannot remove your only sign-in method.';

/** The row of a method: where focus goes once its Unlink button is gone. */
const rowId = (name: MethodName) => `sign-in-method-${name}`;

/**
 * Sign-in Methods: Google, Facebook and the magic link, each linked or not. Unlinking and sending
 * the link are sent once however often they are pressed (Link stays where it is once the answer,
 * quicker than a double click, is in: the second click would send a second e-mail). Once a method is unlinked its Unlink
 * button, the dialog's opener, is gone: focus goes to the row's new Link button (else the
 * section's heading) rather than to nowhere.
 */
export function SignInMethodsSection({ user }: { user: User }) {
  const methods = useQuery(authMethodsQueryOptions());
  const providers = useQuery(providersQueryOptions());
  const unlink = useSingleFlightMutation(unlinkSignInMethodMutationOptions());
  const linkMagicLink = useSingleFlightMutation(linkMagicLinkMutationOptions());
  const [confirming, setConfirming] = useState<{ name: MethodName; label: string } | null>(null);
  const keepFocus = useKeepFocus();
  const press = useOnePress();
  useLinkResult(methods.data);

  const confirmUnlink = () => {
    if (!confirming) return;
    const { name, label } = confirming;
    unlink.mutate(
      { provider: name },
      {
        onSuccess: () => {
          setConfirming(null);
          keepFocus(() => [
            document.getElementById(rowId(name))?.querySelector<HTMLElement>('a, button'),
            document.getElementById('section-sign-in-methods'),
          ]);
          toastSuccess(`Your ${label} account has been successfully unlinked.`, 'Account unlinked');
        },
        onError: (error) => {
          setConfirming(null);
          toastFailure(
            (error instanceof ApiError && error.serverMessage) || 'Please try again.',
            'Failed to unlink account',
          );
        },
      },
    );
  };

  const sendMagicLink = () =>
    linkMagicLink.mutate(undefined, {
      onSuccess: () =>
        toastSuccess(
          `We sent a sign-in link to ${user.email}. Open it to add the magic link as a sign-in method.`,
          'Check your email',
        ),
      onError: (error) =>
        toastFailure(
          (error instanceof ApiError && error.serverMessage) || 'Please try again.',
          'Failed to send the link',
        ),
    });

  const data: AuthMethods | undefined = methods.data;
  return (
    <SettingsSection
      title="Sign-in Methods"
      description="The ways you can sign in to TrekPeru."
      read={methods}
      failure="We couldn't load your sign-in methods."
      retryWhat="loading your sign-in methods"
    >
      {data && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {METHODS.map(({ name, label }) => {
            const method = data[name];
            const lastOne = method.connected && !canUnlink(data);
            const available =
              name === 'magicLink'
                ? !user.hasTemporaryEmail
                : providers.data?.[name].available !== false;
            return (
              <li key={name} id={rowId(name)}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={4} miw={0}>
                    <Text fw={500}>{label}</Text>
                    <Group gap={6}>
                      <Badge color={method.connected ? 'teal.9' : 'gray.7'} variant="filled">
                        {method.connected ? 'Connected' : 'Not connected'}
                      </Badge>
                      {method.connected && (
                        <Badge color={method.emailVerified ? 'teal.9' : 'gray.8'} variant="outline">
                          {method.emailVerified ? 'Verified' : 'Not verified'}
                        </Badge>
                      )}
                    </Group>
                    {lastOne && (
                      <Text fz="xs" c="dimmed" id={`only-${name}`}>
                        {ONLY_METHOD}
                      </Text>
                    )}
                    {!method.connected && name === 'magicLink' && user.hasTemporaryEmail && (
                      <Text fz="xs" c="dimmed">
                        Add your email address first.
                      </Text>
                    )}
                  </Stack>
                  {method.connected ? (
                    <Button
                      variant="default"
                      size="xs"
                      color="red"
                      disabled={lastOne}
                      aria-describedby={lastOne ? `only-${name}` : undefined}
                      aria-label={`Unlink ${label}`}
                      onClick={() => setConfirming({ name, label })}
                    >
                      Unlink
                    </Button>
                  ) : name === 'magicLink' ? (
                    <Button
                      variant="default"
                      size="xs"
                      disabled={!available}
                      {...busyButtonProps(linkMagicLink.isPending)}
                      aria-label={`Link ${label}`}
                      {...press('link-magic-link', sendMagicLink)}
                    >
                      Link
                    </Button>
                  ) : available ? (
                    <Button
                      component="a"
                      href={linkUrl(name, PATHS.settings)}
                      variant="default"
                      size="xs"
                      aria-label={`Link ${label}`}
                    >
                      Link
                    </Button>
                  ) : (
                    <Button
                      variant="light"
                      size="xs"
                      disabled
                      aria-label={`${label} is unavailable`}
                    >
                      Unavailable
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => !unlink.isPending && setConfirming(null)}
        title={confirming ? `Unlink ${confirming.label}?` : ''}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            You will no longer be able to sign in with {confirming?.label}. You can link it again
            later.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirming(null)}
              disabled={unlink.isPending}
              data-autofocus
            >
              Cancel
            </Button>
            <Button color="red" onClick={confirmUnlink} {...busyButtonProps(unlink.isPending)}>
              Unlink
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}

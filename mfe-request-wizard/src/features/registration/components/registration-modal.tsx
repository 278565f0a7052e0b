import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import {
  type MagicLinkResponse,
  magicLinkError,
  PATHS,
  requestMagicLinkMutationOptions,
} from '@trek/shared';
import { useEffect, useId, useState } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY_CODE, findCountry, matchesCountry } from '../model/countries';
import {
  type RegistrationValues,
  resendSecondsLeft,
  validateRegistration,
} from '../model/registration';
import { SocialButtons } from './social-buttons';

/** Where the magic link brings the traveler back: the wizard, which then submits the request. */
export const MAGIC_LINK_RETURN_PATH = '/create-project?auth=success';

/**
 * Why the modal is open: to send the request (Submit request), or only to sign in (the header's
 * Sign In pressed on the wizard), which leads to My Projects like /sign-in and submits nothing.
 */
export type RegistrationPurpose = 'submit' | 'sign-in';

const PURPOSES = {
  submit: {
    title: 'Sign in to send your request',
    intro:
      'Your request is saved. Enter your details and we will e-mail you a link to sign in and send it to our guides.',
    returnTo: MAGIC_LINK_RETURN_PATH,
    sentText: 'Open it on this device to sign in and submit your trek request.',
  },
  'sign-in': {
    title: 'Sign in',
    intro: 'Enter your details and we will e-mail you a link to sign in.',
    returnTo: PATHS.projects,
    sentText: 'Open it on this device to sign in.',
  },
} as const;

export interface RegistrationModalProps {
  opened: boolean;
  onClose: () => void;
  purpose?: RegistrationPurpose;
}

type View = 'form' | 'sent';

/** Sign in or register with a magic link (docs/product/sign-in.md, "The registration modal"). */
export function RegistrationModal({ opened, onClose, purpose = 'submit' }: RegistrationModalProps) {
  const texts = PURPOSES[purpose];
  const modalId = useId();
  const [view, setView] = useState<View>('form');
  const [sentAt, setSentAt] = useState(0);
  const [now, setNow] = useState(Date.now());
  const ticker = useInterval(() => setNow(Date.now()), 1000);

  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      whatsapp: '',
      countryCode: DEFAULT_COUNTRY_CODE,
    },
    validateInputOnChange: false,
    validate: validateRegistration,
  });

  const send = useMutation({
    ...requestMagicLinkMutationOptions(),
    onSuccess: () => {
      setSentAt(Date.now());
      setNow(Date.now());
      setView('sent');
    },
  });

  useEffect(() => {
    if (view === 'sent') ticker.start();
    else ticker.stop();
    return ticker.stop;
  }, [view, ticker]);

  // The new view's heading (the dialog's title) takes focus; the status line below says it.
  useEffect(() => {
    if (view !== 'sent') return;
    const title = document.getElementById(`${modalId}-title`);
    title?.setAttribute('tabindex', '-1');
    title?.focus();
  }, [view, modalId]);

  const secondsLeft = view === 'sent' ? resendSecondsLeft(sentAt, now) : 0;
  const response: MagicLinkResponse | undefined = send.data;
  const error = send.isError ? magicLinkError(send.error) : null;

  return (
    <Modal
      id={modalId}
      opened={opened}
      onClose={onClose}
      title={view === 'sent' ? 'Check your email' : texts.title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted in both views, so the change to the sent view is announced. */}
      <VisuallyHidden role="status">
        {view === 'sent'
          ? `Check your email. We sent a sign-in link to ${send.variables?.email ?? ''}.`
          : ''}
      </VisuallyHidden>
      {view === 'form' ? (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            // The WhatsApp number stays in the form: it is never sent.
            if (!send.isPending)
              send.mutate({
                email: values.email.trim(),
                firstName: values.firstName.trim(),
                lastName: values.lastName.trim(),
                redirectTo: texts.returnTo,
              });
          })}
        >
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {texts.intro}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="First Name *"
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last Name *"
                autoComplete="family-name"
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Email *"
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            {/* Side by side with labels on one line (the boxes level); stacked below 36em. */}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label="Country"
                searchable
                allowDeselect={false}
                data={COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.dialCode})` }))}
                filter={({ options, search }) =>
                  options.filter(
                    (option) =>
                      'value' in option && matchesCountry(findCountry(option.value), search),
                  )
                }
                nothingFoundMessage="No country found"
                {...form.getInputProps('countryCode')}
              />
              <TextInput
                label="WhatsApp (optional)"
                type="tel"
                autoComplete="tel-national"
                leftSection={<Text fz="sm">{findCountry(form.values.countryCode).dialCode}</Text>}
                leftSectionWidth={48}
                {...form.getInputProps('whatsapp')}
              />
            </SimpleGrid>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error.message}
              </Alert>
            )}
            <Button type="submit" loading={send.isPending} fullWidth mt="xs">
              Email me a sign-in link
            </Button>
            <Divider label="or" labelPosition="center" />
            <SocialButtons />
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Text>
            We sent a sign-in link to <strong>{send.variables?.email}</strong>. {texts.sentText}
          </Text>
          <Text fz="sm" c="dimmed">
            The magic link is valid for 15 minutes.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error.message}
            </Alert>
          )}
          <Group gap="sm">
            <Button
              variant="light"
              disabled={secondsLeft > 0 || send.isPending}
              loading={send.isPending}
              onClick={() => send.variables && send.mutate(send.variables)}
            >
              {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Resend link'}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                send.reset();
                setView('form');
              }}
            >
              Change details
            </Button>
          </Group>
          {/* The server only returns the link itself in development. */}
          {response?.magicLink && (
            <Anchor href={response.magicLink} fz="sm">
              Use test link
            </Anchor>
          )}
        </Stack>
      )}
    </Modal>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Modal,
  type ModalProps,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { MagicLinkButton, magicLinkSentStatus, PATHS, useMagicLinkSend } from '@trek/shared';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { DEFAULT_COUNTRY_CODE, findCountry } from '../model/countries';
import {
  firstFieldInError,
  type RegistrationValues,
  validateRegistration,
  validateWhatsapp,
} from '../model/registration';
import { CountrySelect } from './country-select';
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
    social: { returnTo: PATHS.createProject, withForm: true },
    sentText: 'Open it on this device to sign in and submit your trek request.',
  },
  'sign-in': {
    title: 'Sign in',
    intro: 'Enter your details and we will e-mail you a link to sign in.',
    returnTo: PATHS.projects,
    // Where the e-mail link leads, and the saved request stays unsent (it was never submitted).
    social: { returnTo: PATHS.projects, withForm: false },
    sentText: 'Open it on this device to sign in.',
  },
} as const;

/**
 * The dialog fades in without the default slide: a transform, even the resting translateY(0),
 * would make the dialog the box the country list's fixed position is measured from, and its
 * scrolling would clip the list (country-select.tsx).
 */
const UNTRANSFORMED_ENTRY = {
  duration: 200,
  transition: {
    in: { opacity: 1, transform: 'none' },
    out: { opacity: 0, transform: 'translateY(-30px)' },
    transitionProperty: 'opacity, transform',
  },
} as const satisfies ModalProps['transitionProps'];

/** The sent view's title: focusable by script, and where the dialog puts focus as it opens. */
const SENT_TITLE_ATTRIBUTES = { tabIndex: -1, 'data-autofocus': true };

export interface RegistrationModalProps {
  opened: boolean;
  onClose: () => void;
  purpose?: RegistrationPurpose;
  /**
   * What gets focus back when the dialog closes, when it is not what had focus as it opened
   * (default: that element): the header's Sign In, whose page may have moved focus meanwhile.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Sign in or register with a magic link (docs/product/sign-in.md, "The registration modal"). */
export function RegistrationModal({
  opened,
  onClose,
  purpose = 'submit',
  returnFocusTo,
}: RegistrationModalProps) {
  const texts = PURPOSES[purpose];
  const modalId = useId();
  // The sent view, the countdown per address ('Change details' and back is no way round it) and
  // what the server said about the last send: shown until the traveler sends again, edits a
  // field or closes the dialog (it is about an attempt they have moved on from).
  const magicLink = useMagicLinkSend();
  const { view, sent, error: serverError, clearError } = magicLink;

  const form = useForm<RegistrationValues>({
    // Named, so its fields' `data-path`s (which `getInputNode` finds) are its own on the page.
    name: 'registration',
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
    onValuesChange: () => clearError(),
  });

  // A failed check brings the keyboard to the field in error; its message is the field's
  // description, which a screen reader reads with it.
  const focusFirstError = (errors: FormErrors) => {
    const field = firstFieldInError(errors);
    if (field) form.getInputNode(field)?.focus();
  };
  // A failed send: the button pressed was busy meanwhile and lost focus; the message takes it
  // (and, an alert, is announced).
  const errorNode = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError) errorNode.current?.focus();
  }, [serverError]);

  // Focus goes back to what opened the dialog when it closes. Mantine does so only for a modal
  // opened after it mounted; this one mounts open (its code loads when first needed).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [opened]);
  const close = () => {
    clearError();
    onClose();
    const back = returnFocusTo?.current ?? opener.current;
    opener.current = null;
    // After the dialog's own focus trap lets go (it holds focus until the close renders).
    if (back?.isConnected) setTimeout(() => back.focus({ preventScroll: true }), 0);
  };

  // The new view's heading (the dialog's title) takes focus; the status line below says it.
  useEffect(() => {
    if (view === 'sent') document.getElementById(`${modalId}-title`)?.focus();
  }, [view, modalId]);

  // 'Change details' leaves the sent view, and the button pressed with it: the keyboard goes to
  // the form's first field, not to the page behind.
  const changingDetails = useRef(false);
  useEffect(() => {
    if (view !== 'form' || !changingDetails.current) return;
    changingDetails.current = false;
    form.getInputNode('firstName')?.focus();
  }, [view, form.getInputNode]);

  const secondsLeft = magicLink.secondsLeft(form.values.email);
  const errorAlert = serverError && (
    <Alert color="red" variant="light" role="alert" ref={errorNode} tabIndex={-1}>
      {serverError.message}
    </Alert>
  );

  return (
    <Modal
      id={modalId}
      opened={opened}
      onClose={close}
      returnFocus={false}
      transitionProps={UNTRANSFORMED_ENTRY}
      // Opened again in the sent view, the dialog's focus trap puts the keyboard on its title,
      // as the first send did, not on Close (the form view's first field has data-autofocus).
      attributes={view === 'sent' ? { title: SENT_TITLE_ATTRIBUTES } : undefined}
      title={view === 'sent' ? 'Check your email' : texts.title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted in both views, so the change to the sent view is announced. */}
      <VisuallyHidden role="status">
        {view === 'sent' ? magicLinkSentStatus(sent?.request.email ?? '', magicLink.resends) : ''}
      </VisuallyHidden>
      {view === 'form' ? (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            // Enter in a field submits too: the same address still waits (its button says so, and
            // send sends nothing). The WhatsApp number stays in the form: it is never sent.
            magicLink.send({
              email: values.email.trim(),
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              redirectTo: texts.returnTo,
            });
          }, focusFirstError)}
        >
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {texts.intro}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="First Name"
                required
                // Opened, the dialog puts the traveler in its first field (not on Close).
                data-autofocus
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last Name"
                required
                autoComplete="family-name"
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Email"
              required
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            {/* Side by side with labels on one line (the boxes level); stacked below 36em. */}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <CountrySelect
                label="Country"
                {...form.getInputProps('countryCode')}
                value={form.values.countryCode}
                onChange={(code) => {
                  form.setFieldValue('countryCode', code);
                  // A number refused for the old country may be right for the new one: its
                  // message goes as soon as it is (or stays, if still wrong), not at next send.
                  if (form.errors.whatsapp) {
                    form.setFieldError(
                      'whatsapp',
                      validateWhatsapp(form.values.whatsapp, code) ?? null,
                    );
                  }
                }}
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
            {errorAlert}
            <MagicLinkButton
              type="submit"
              label="Email me a sign-in link"
              secondsLeft={secondsLeft}
              sending={magicLink.sending}
              fullWidth
              mt="xs"
            />
            <Divider label="or" labelPosition="center" />
            <SocialButtons back={texts.social} />
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          {/* A long address breaks anywhere rather than widen a phone's dialog. */}
          <Text style={{ overflowWrap: 'anywhere' }}>
            We sent a sign-in link to <strong>{sent?.request.email}</strong>. {texts.sentText}
          </Text>
          <Text fz="sm" c="dimmed">
            The magic link is valid for 15 minutes.
          </Text>
          {errorAlert}
          <Group gap="sm">
            <MagicLinkButton
              variant="light"
              label="Resend link"
              secondsLeft={secondsLeft}
              sending={magicLink.sending}
              onClick={magicLink.resend}
            />
            <Button
              variant="subtle"
              onClick={() => {
                changingDetails.current = true;
                magicLink.changeDetails();
              }}
            >
              Change details
            </Button>
          </Group>
          {/* The server only returns the link itself in development. */}
          {sent?.response.magicLink && (
            <Anchor href={sent.response.magicLink} fz="sm">
              Use test link
            </Anchor>
          )}
        </Stack>
      )}
    </Modal>
  );
}

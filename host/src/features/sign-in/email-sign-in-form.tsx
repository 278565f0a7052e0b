import {
  Alert,
  Anchor,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import {
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  MagicLinkButton,
  magicLinkSentStatus,
  useMagicLinkSend,
} from '@trek/shared';
import { useEffect, useRef } from 'react';
import type { ZodMiniType } from 'zod/mini';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
}

/** The fields in the order a person meets them. */
const FIELD_ORDER = ['firstName', 'lastName', 'email'] as const;

/** The first problem of a field, in the words the API would use. */
function problem(schema: ZodMiniType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check this field.');
}

const CHECKS: Record<(typeof FIELD_ORDER)[number], (value: string) => string | null> = {
  firstName: (value) => problem(firstNameSchema, value),
  lastName: (value) => problem(lastNameSchema, value),
  email: (value) =>
    value.trim() === '' ? 'Please enter your email address.' : problem(emailSchema, value),
};

/**
 * One message at a time, as the registration modal shows them (docs/product/sign-in.md): the
 * first field, in the order above, that is wrong.
 */
function validate(values: Values): FormErrors {
  for (const field of FIELD_ORDER) {
    const message = CHECKS[field](values[field]);
    if (message) return { [field]: message };
  }
  return {};
}

/**
 * /sign-in's 'Email me a sign-in link': the magic link of the registration modal, for a
 * returning traveler who has no request to send. The link leads to `returnTo` once signed in.
 * The API asks for the names too (a first sign-in creates the account with them).
 */
export function EmailSignInForm({ returnTo }: { returnTo: string }) {
  // The registration modal's flow: the sent view stays through a resend, and through a resend
  // that fails (its message shows); to the address a link went to, another waits out its
  // countdown, from either view; what the server said is shown until the person sends again or
  // edits a field (it is about an attempt they have moved on from).
  const magicLink = useMagicLinkSend();
  const { view, sent, error: serverError, clearError } = magicLink;
  const form = useForm<Values>({
    // Named, so its fields' `data-path`s (which `getInputNode` finds) are its own on the page.
    name: 'email-sign-in',
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '' },
    validate,
    onValuesChange: () => clearError(),
  });
  // A failed send: the message takes the keyboard from the button pressed (and, an alert, is
  // announced), as in the modal.
  const errorNode = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError) errorNode.current?.focus();
  }, [serverError]);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  // A failed check brings the keyboard to the first field in error (its message is read with it).
  const focusFirstError = (errors: FormErrors) => {
    const field = FIELD_ORDER.find((name) => errors[name]);
    if (field) form.getInputNode(field)?.focus();
  };

  // 'Use another address' replaces the focused button with the form: the keyboard goes to the
  // address it is about to change, not to the page.
  const changingAddress = useRef(false);
  // Only when the view changes: the countdown renders the form every second, and the keyboard
  // must stay wherever the person took it meanwhile.
  useEffect(() => {
    if (view === 'sent') sentHeading.current?.focus();
  }, [view]);
  useEffect(() => {
    if (view !== 'form' || !changingAddress.current) return;
    changingAddress.current = false;
    form.getInputNode('email')?.focus();
  }, [view, form.getInputNode]);
  const secondsLeft = magicLink.secondsLeft(form.values.email);
  const errorAlert = serverError && (
    <Alert color="red" variant="light" role="alert" ref={errorNode} tabIndex={-1}>
      {serverError.message}
    </Alert>
  );
  useEffect(() => {
    firstField.current?.focus();
  }, []);

  return (
    <>
      {/* Mounted before the answer comes, so the sent view is announced. */}
      <VisuallyHidden role="status">
        {view === 'sent' ? magicLinkSentStatus(sent?.request.email ?? '', magicLink.resends) : ''}
      </VisuallyHidden>
      {view === 'sent' ? (
        <Stack gap="xs">
          <Title order={2} fz="lg" ref={sentHeading} tabIndex={-1}>
            Check your email
          </Title>
          {/* A long address breaks anywhere rather than widen a phone's page. */}
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            We sent a sign-in link to <strong>{sent?.request.email}</strong>. Open it on this device
            to sign in. The magic link is valid for 15 minutes.
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
                changingAddress.current = true;
                magicLink.changeDetails();
              }}
            >
              Use another address
            </Button>
          </Group>
          {/* The server only returns the link itself in development, as the modal shows it. */}
          {sent?.response.magicLink && (
            <Anchor href={sent.response.magicLink} fz="sm">
              Use test link
            </Anchor>
          )}
        </Stack>
      ) : (
        <form
          noValidate
          aria-label="Email me a sign-in link"
          onSubmit={form.onSubmit((values) => {
            // Enter in a field submits too: the same address still waits (its button says so, and
            // send sends nothing). One link per press: a double click or a second Enter sends once.
            magicLink.send({
              email: values.email.trim(),
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              redirectTo: returnTo,
            });
          }, focusFirstError)}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                ref={firstField}
                label="First Name"
                required
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
            {errorAlert}
            <MagicLinkButton
              type="submit"
              label="Send sign-in link"
              secondsLeft={secondsLeft}
              sending={magicLink.sending}
            />
          </Stack>
        </form>
      )}
    </>
  );
}

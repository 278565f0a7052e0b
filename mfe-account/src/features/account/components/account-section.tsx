import { Alert, Avatar, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  displayNameSchema,
  emailChangeQueryOptions,
  formatDisplayDate,
  newEmailSchema,
  PATHS,
  rememberSubmitAfterSignIn,
  type User,
  updateProfileMutationOptions,
  useRetry,
  userInitial,
  useSingleFlightMutation,
} from '@trek/shared';
import { useRef, useState } from 'react';
import { RetryAlert } from '../../../ui/retry-alert';
import { SettingsSection } from '../../../ui/settings-section';
import { toastFailure, toastSuccess } from '../../../ui/toasts';
import { ProfilePhotoDialog } from '../../profile-photo/components/profile-photo-dialog';
import { useEmailChanged } from '../hooks/use-email-changed';
import { fieldMessageOf } from '../model/profile-errors';
import { EditableField } from './editable-field';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Invalid value');

/**
 * A value as its schema saves it (the name trimmed; an e-mail also NFC and lower case, as the
 * accounts table compares addresses), so that saving the current one sends nothing.
 */
const savedFormOf =
  (schema: {
    safeParse: (value: string) => { success: true; data: string } | { success: false };
  }) =>
  (value: string) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : value;
  };
const normaliseDisplayName = savedFormOf(displayNameSchema);
const normaliseEmail = savedFormOf(newEmailSchema);

/**
 * The wizard's page, told to send the saved request at once (as after signing in). A full page
 * load, not a client-side link: the wizard sends a request once per page (a global flag), and it
 * already tried once in this page before it was refused for the placeholder e-mail. The press
 * leaves the marker that lets that address send the request; the address alone does not, as any
 * site can link to it (docs/decisions/0080-spec-readings.md).
 */
const SEND_SAVED_REQUEST = `${PATHS.createProject}?auth=success`;

/** Account: display name, e-mail (changed through a link to the new address) and photo. */
export function AccountSection({ user }: { user: User }) {
  const emailChange = useQuery(emailChangeQueryOptions());
  // One write per field: a Save of the e-mail while the name's is on its way is sent too, and
  // each field shows its own save busy from the click's render.
  const nameSave = useSingleFlightMutation(updateProfileMutationOptions());
  const emailSave = useSingleFlightMutation(updateProfileMutationOptions());
  const [photoOpen, setPhotoOpen] = useState(false);
  const { justChanged, requestWaiting } = useEmailChanged(user);

  // Sent once however often Save or Enter is pressed: a call while the field's save is on its
  // way resolves false (nothing to do), so only the first shows its toast.
  const save = (change: { displayName: string } | { email: string }) =>
    new Promise<true | false | string>((resolve) => {
      const mutation = 'email' in change ? emailSave : nameSave;
      const sent = mutation.mutate(change, {
        onSuccess: (saved) => {
          if ('email' in change && saved.emailChange) {
            toastSuccess(
              `We sent a link to ${saved.emailChange.email}. Open it in this browser to confirm your new email address.`,
              'Check your email',
            );
          } else {
            toastSuccess('Profile updated successfully');
          }
          resolve(true);
        },
        onError: (error) => {
          toastFailure('Failed to update profile');
          resolve(fieldMessageOf(error) ?? false);
        },
      });
      if (!sent) resolve(false);
    });

  const pending = emailChange.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const emailChangeRetry = useRetry(emailChange, () => heading.current);
  return (
    <SettingsSection
      title="Account"
      description="Your name, email address and photo."
      headingRef={heading}
    >
      {user.hasTemporaryEmail && (
        // Standing information, not an event: a named region (labelled by its title) that a
        // screen reader finds, not Mantine's default role="alert", which is read out at once on
        // every visit to the page.
        <Alert color="yellow" variant="light" title="Email address required" role="region">
          Your sign-in provider did not give us an email address. Add a real one to receive
          notifications from guides about your trek requests.
        </Alert>
      )}
      {justChanged && requestWaiting && (
        <Alert color="teal" variant="light" title="Your trek request is waiting">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">It was saved in this browser and can be sent now.</Text>
            <Button
              component="a"
              href={SEND_SAVED_REQUEST}
              size="xs"
              onClick={() => rememberSubmitAfterSignIn()}
            >
              Send my trek request
            </Button>
          </Stack>
        </Alert>
      )}
      <Group gap="md" wrap="nowrap">
        <Avatar
          src={user.profileImageUrl}
          alt={user.profileImageUrl ? 'Your profile photo' : ''}
          size={72}
          radius="xl"
          color="teal"
        >
          {userInitial(user)}
        </Avatar>
        <Stack gap={4} align="flex-start">
          <Text fw={500}>Profile photo</Text>
          <Button variant="default" size="xs" onClick={() => setPhotoOpen(true)}>
            {user.profileImageUrl ? 'Change photo' : 'Add a photo'}
          </Button>
        </Stack>
      </Group>
      <ProfilePhotoDialog opened={photoOpen} onClose={() => setPhotoOpen(false)} user={user} />
      <Divider />
      <EditableField
        label="Display name"
        value={
          user.displayName || (
            <Text span c="dimmed">
              Not set
            </Text>
          )
        }
        initialValue={user.displayName ?? ''}
        autoComplete="name"
        validate={(value) => firstIssue(displayNameSchema.safeParse(value))}
        normalise={normaliseDisplayName}
        onSave={(displayName) => save({ displayName })}
        saving={nameSave.isPending}
      />
      <Divider />
      <EditableField
        label="Email"
        type="email"
        autoComplete="email"
        value={
          user.hasTemporaryEmail ? (
            <Text span c="dimmed">
              No email address yet
            </Text>
          ) : (
            user.email
          )
        }
        initialValue={user.hasTemporaryEmail ? '' : user.email}
        description="We send a link to the new address: your email changes once you open it."
        validate={(value) => firstIssue(newEmailSchema.safeParse(value))}
        normalise={normaliseEmail}
        onSave={(email) => save({ email })}
        saving={emailSave.isPending}
      />
      {emailChangeRetry.failed && (
        <RetryAlert
          message="We couldn't check for a pending email change."
          what="checking for a pending email change"
          retrying={emailChangeRetry.retrying}
          failedAgain={emailChangeRetry.failedAgain}
          onRetry={emailChangeRetry.retry}
        />
      )}
      {pending && (
        // Standing for up to 24 hours: a named region as the placeholder notice above, not an
        // alert read out on every visit.
        <Alert
          color="blue"
          variant="light"
          title="Confirm your new email address"
          role="region"
          // A long address breaks anywhere rather than widen a phone's page.
          style={{ overflowWrap: 'anywhere' }}
        >
          We sent a link to <strong>{pending.email}</strong>. Open it in this browser to make it
          your email address; it works until {formatDisplayDate(new Date(pending.expiresAt))}.
        </Alert>
      )}
    </SettingsSection>
  );
}

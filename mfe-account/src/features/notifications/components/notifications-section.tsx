import { Loader, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_SETTINGS,
  type NotificationSetting,
  type UserSettings,
  updateUserSettingsMutationOptions,
  userSettingsQueryOptions,
  useSingleFlightMutation,
} from '@trek/shared';
import { useState } from 'react';
import { SettingsSection } from '../../../ui/settings-section';
import { toastFailure, toastSuccess } from '../../../ui/toasts';

const LABELS: Record<NotificationSetting, { label: string; description: string }> = {
  emailNotifications: {
    label: 'Email notifications',
    description: 'Offers and messages from guides about your trek requests.',
  },
  newsletters: { label: 'Newsletters', description: 'Trek ideas and news from TrekPeru.' },
  promotions: { label: 'Promotions', description: 'Special offers and discounts.' },
};

/**
 * One switch, saved on its own: shown at once, put back if the save fails. While its save is on
 * its way it ignores clicks and shows it (busy, a spinner in its thumb) but is not disabled:
 * Chromium moves the focus of a disabled input to <body>, and a keyboard user would lose their place.
 */
function SettingSwitch({ name, settings }: { name: NotificationSetting; settings: UserSettings }) {
  const save = useSingleFlightMutation(updateUserSettingsMutationOptions());
  // The cache's optimistic update lands after an await; without this the controlled switch
  // would snap back for a moment after the click, and a fast second click would read it wrong.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const { label, description } = LABELS[name];
  return (
    <Switch
      label={label}
      description={description}
      checked={chosen ?? settings[name]}
      aria-disabled={save.isPending || undefined}
      aria-busy={save.isPending || undefined}
      // Seen as well as announced: a click meanwhile is ignored, and would otherwise seem lost.
      thumbIcon={save.isPending ? <Loader size={10} color="gray" aria-hidden /> : undefined}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        // A change while the last one is on its way is ignored: the controlled switch stays.
        const sent = save.mutate(
          { [name]: checked },
          {
            onSuccess: () => toastSuccess('Settings updated successfully'),
            onError: () => toastFailure('Failed to update settings'),
            onSettled: () => setChosen(null),
          },
        );
        if (sent) setChosen(checked);
      }}
    />
  );
}

/** Notifications: three switches, and project updates, which are always on. */
export function NotificationsSection() {
  const settings = useQuery(userSettingsQueryOptions());
  return (
    <SettingsSection
      title="Notifications"
      description="Choose the emails you receive."
      read={settings}
      failure="We couldn't load your notification settings."
      retryWhat="loading your notification settings"
    >
      {settings.data && (
        <Stack gap="md">
          {NOTIFICATION_SETTINGS.map((name) => (
            <SettingSwitch key={name} name={name} settings={settings.data} />
          ))}
          <Switch
            label="Project updates"
            description="Updates about your trek requests are always on and cannot be turned off."
            checked
            disabled
            readOnly
          />
        </Stack>
      )}
    </SettingsSection>
  );
}

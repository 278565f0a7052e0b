import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  activationLink,
  formatDisplayDate,
  type Guide,
  updateGuideMutationOptions,
} from '@trek/shared';
import { useRef, useState } from 'react';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { LOCALE_LABELS } from '../model/create-guide-form';
import { failureMessage, showConfigurationError, showToast } from '../model/toasts';

/** The id of the guide's Active switch, for the list to give it the focus. */
export const activeSwitchId = (guideId: string) => `guide-${guideId}-active`;

/**
 * One guide: name, locale, zones, status, created date, the active switch, the join code and the
 * activation link. Button names carry the guide's name for screen readers, which list them out
 * of their card.
 */
export function GuideCard({
  guide,
  whatsappNumber,
  onSwitchedWithFocus,
}: {
  guide: Guide;
  whatsappNumber: string | null;
  /**
   * Called with the guide as saved when the active switch's change is answered while the focus is
   * in this card (the list then finds it a place if the card leaves the filtered list).
   */
  onSwitchedWithFocus?: (saved: Guide) => void;
}) {
  const card = useRef<HTMLLIElement>(null);
  const copy = useCopyToClipboard();
  const update = useMutation(updateGuideMutationOptions());
  const link = activationLink(whatsappNumber, guide.joinCode);
  const connected = guide.whatsappId !== null;
  const titleId = `guide-${guide.id}-name`;
  // While the change is on its way the switch shows where it is going, from the click itself
  // (the mutation's own state arrives a tick later); a failure puts it back.
  const [goingTo, setGoingTo] = useState<boolean | null>(null);
  const isActive = goingTo ?? guide.isActive;

  const setActive = (active: boolean) => {
    if (goingTo !== null) return;
    setGoingTo(active);
    update.mutate(
      { id: guide.id, changes: { isActive: active } },
      {
        onSettled: () => setGoingTo(null),
        onSuccess: (saved) => {
          showToast({
            color: 'teal',
            title: 'Guide updated successfully',
            message: `${saved.name} is now ${saved.isActive ? 'active' : 'inactive'}.`,
          });
          // Called before the list is drawn again from the saved guide, while the card is there.
          if (card.current?.contains(document.activeElement)) onSwitchedWithFocus?.(saved);
        },
        onError: (error) =>
          showToast({
            color: 'red',
            title: 'Failed to update guide',
            message: failureMessage(error),
          }),
      },
    );
  };

  // The space stays outside the hidden text: accessible-name algorithms trim inside elements.
  const withName = (
    <>
      {' '}
      <VisuallyHidden>for {guide.name}</VisuallyHidden>
    </>
  );

  return (
    <Card component="li" ref={card} withBorder radius="md" padding="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        {/* A long name wraps within its side: the Active switch stays at the top right. */}
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} flex={1} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {guide.name}
              </Title>
              <Badge
                color={connected ? 'teal.9' : 'yellow'}
                variant="filled"
                autoContrast
                tt="none"
              >
                {connected ? 'WhatsApp connected' : 'Pending activation'}
              </Badge>
              {!guide.isActive && (
                <Badge color="gray.7" variant="outline" tt="none">
                  Inactive
                </Badge>
              )}
            </Group>
            <Text fz="sm" c="dimmed">
              {LOCALE_LABELS[guide.locale]} ({guide.locale}) · Created{' '}
              {formatDisplayDate(new Date(guide.createdAt))}
              {connected && ` · WhatsApp +${guide.whatsappId}`}
            </Text>
          </Stack>
          <Switch
            id={activeSwitchId(guide.id)}
            checked={isActive}
            onChange={(event) => setActive(event.currentTarget.checked)}
            aria-busy={goingTo !== null}
            label={
              <>
                Active
                {withName}
              </>
            }
          />
        </Group>
        <Text fz="sm">
          <Text span inherit fw={600}>
            Zones:
          </Text>{' '}
          {guide.zones.length > 0 ? guide.zones.join(', ') : 'none given'}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" fw={600}>
            Join code
          </Text>
          <Code fz="sm">{guide.joinCode}</Code>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => copy(guide.joinCode, 'Join code')}
          >
            Copy join code{withName}
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          {link ? (
            <Button
              size="compact-sm"
              variant="outline"
              color="teal.9"
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
            >
              Open activation link{withName}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="outline"
              color="teal.9"
              onClick={showConfigurationError}
            >
              Open activation link{withName}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => (link ? copy(link, 'Activation link') : showConfigurationError())}
          >
            Copy activation link{withName}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

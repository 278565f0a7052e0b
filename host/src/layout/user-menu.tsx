import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PATHS, type User, useLogout, userDisplayName, userInitial } from '@trek/shared';
import { Link } from 'react-router-dom';
import { remotePages } from '../remote-pages';

export const SIGN_OUT_FAILED = {
  title: 'Could not sign out',
  message: 'You are still signed in. Please try again.',
} as const;

/**
 * The signed-in user's menu. It closes once an item is chosen (Log out included); signing out
 * then shows on the menu's button and is announced by a status line beside it
 * (docs/decisions/0060-user-menu-sign-out.md). A failed sign-out keeps the session and says so.
 */
export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const name = userDisplayName(user);
  const signingOut = logout.isPending;
  return (
    <>
      <Menu
        position="bottom-end"
        width={200}
        withinPortal
        // Focus goes to the first item, not to a placeholder a menu may not contain.
        withInitialFocusPlaceholder={false}
        onOpen={() => {
          // Both items lead to a remote: start fetching their code while the user chooses.
          remotePages.projects.preload();
          remotePages.settings.preload();
          if (user.isAdmin) remotePages.adminGuides.preload();
        }}
      >
        <Menu.Target>
          {/* The name read out starts with the name shown (WCAG 2.5.3, label in name). */}
          <UnstyledButton aria-label={signingOut ? 'Signing out...' : `${name}, account menu`}>
            <Group gap="xs" wrap="nowrap">
              <Avatar
                src={user.profileImageUrl ?? null}
                alt=""
                radius="xl"
                size={34}
                color="teal"
                aria-hidden
              >
                {userInitial(user)}
              </Avatar>
              <Text fw={600} fz="sm" visibleFrom="xs" aria-hidden>
                {signingOut ? 'Signing out...' : name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={PATHS.projects}>
            My projects
          </Menu.Item>
          <Menu.Item component={Link} to={PATHS.settings}>
            Settings
          </Menu.Item>
          {/* Admin entry (issue 12): shown as the server says; the server guards the calls. */}
          {user.isAdmin && (
            <Menu.Item component={Link} to={PATHS.adminGuides}>
              Guide management
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item
            color="red.9"
            disabled={signingOut}
            onClick={() =>
              logout.mutate(undefined, {
                onError: () => notifications.show({ color: 'red', ...SIGN_OUT_FAILED }),
              })
            }
          >
            {signingOut ? 'Signing out...' : 'Log out'}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <VisuallyHidden role="status">{signingOut ? 'Signing out...' : ''}</VisuallyHidden>
    </>
  );
}

import { Menu, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PATHS, type User, useLogout } from '@trek/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { remotePages } from '../remote-pages';
import { AccountButton } from './account-button';

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
  const signingOut = logout.isPending;
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The items lead to remotes: their code starts coming while the user chooses.
  const preloadItems = () => {
    remotePages.projects.preload();
    remotePages.settings.preload();
    if (user.isAdmin) remotePages.adminGuides.preload();
  };
  // Mounted when the user asks for the menu (UserAccount), before its code was there: it opens
  // now, from its own button, which takes focus first so that closing gives focus back to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the menu mounts.
  useEffect(() => {
    button.current?.focus();
    setOpened(true);
    preloadItems();
  }, []);
  return (
    <>
      <Menu
        position="bottom-end"
        width={200}
        // In the header, not at the end of <body>: the open menu stays inside the banner landmark.
        withinPortal={false}
        opened={opened}
        onChange={setOpened}
        // Focus goes to the first item, not to a placeholder a menu may not contain.
        withInitialFocusPlaceholder={false}
        onOpen={preloadItems}
      >
        <Menu.Target>
          <AccountButton
            ref={button}
            user={user}
            signingOut={signingOut}
            onKeyDown={(event) => {
              // The menu button pattern: ArrowDown opens the menu (its first item takes focus).
              if (event.key !== 'ArrowDown' || opened) return;
              event.preventDefault();
              setOpened(true);
            }}
          />
        </Menu.Target>
        <Menu.Dropdown
          onKeyDown={(event) => {
            // The menu button pattern: Tab (or Shift+Tab) closes the menu and moves on. Menu's
            // focus trap swallows it while focus is inside (its items are not in the tab order);
            // from the button, the browser's own move goes to what comes before or after it.
            if (event.key !== 'Tab') return;
            button.current?.focus();
            setOpened(false);
          }}
        >
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

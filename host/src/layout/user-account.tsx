import { notifications } from '@mantine/notifications';
import { retryableLazy, type User } from '@trek/shared';
import { Suspense, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { AccountButton } from './account-button';

export const USER_MENU_FAILED = {
  title: 'Could not open the menu',
  message: 'Please check your connection and try again.',
} as const;

/** The menu's code could not be fetched (rather than the menu failing as it rendered). */
class UserMenuUnavailable extends Error {}

/** Where the menu's code comes from (an object, so a test can make the fetch fail). */
export const userMenuCode = { load: () => import('./user-menu') };
const userMenu = retryableLazy(() =>
  userMenuCode.load().then(
    (module) => ({ default: module.UserMenu }),
    (error: unknown) => {
      throw new UserMenuUnavailable('The user menu could not be fetched', { cause: error });
    },
  ),
);

/**
 * The signed-in user's place in the header: their avatar and name at once, and the menu's code
 * (Mantine's menus slice with its positioning, ~35 kB brotli) only once they point at the
 * button, focus it or press it, rather than on every page a signed-in user opens. Pressed before
 * the code is there, the menu opens as it arrives. When its code cannot be fetched, the button
 * stays, says so, and the next press tries again.
 */
export function UserAccount({ user }: { user: User }) {
  const [menuWanted, setMenuWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => {
    userMenuCode.load().catch(() => {
      // Not fetched now: pressing the button asks again.
    });
  };
  const accountButton = (
    <AccountButton
      ref={button}
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setMenuWanted(true)}
      onKeyDown={(event) => {
        // The menu button pattern: ArrowDown opens the menu too (as it arrives, like a press).
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setMenuWanted(true);
      }}
    />
  );
  if (!menuWanted) return accountButton;
  const UserMenu = userMenu.current;
  return (
    <ErrorBoundary
      fallback={accountButton}
      onError={(error) => {
        // The next press loads the menu anew (a menu that broke as it rendered, too).
        userMenu.fresh();
        // A menu that broke as it rendered is a bug to see in the console, not the network's.
        if (!(error instanceof UserMenuUnavailable)) console.error('[user menu]', error);
        notifications.show({ color: 'red', ...USER_MENU_FAILED });
        setMenuWanted(false);
        // The button is drawn anew: focus goes back to it, unless the user has moved on.
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (!active || active === document.body) button.current?.focus();
        });
      }}
    >
      <Suspense fallback={accountButton}>
        <UserMenu user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}

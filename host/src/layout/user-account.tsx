import type { User } from '@trek/shared';
import { lazy, Suspense, useState } from 'react';
import { AccountButton } from './account-button';

const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

/**
 * The signed-in user's place in the header: their avatar and name at once, and the menu's code
 * (Mantine's menus slice with its positioning, ~35 kB brotli) only once they point at the
 * button, focus it or press it, rather than on every page a signed-in user opens. Pressed before
 * the code is there, the menu opens as it arrives.
 */
export function UserAccount({ user }: { user: User }) {
  const [menuWanted, setMenuWanted] = useState(false);
  const preload = () => {
    loadUserMenu().catch(() => {
      // Not fetched now: pressing the button asks again.
    });
  };
  const button = (
    <AccountButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setMenuWanted(true)}
    />
  );
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} />
    </Suspense>
  );
}

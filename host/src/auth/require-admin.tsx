import { notifications } from '@mantine/notifications';
import { PATHS, PageSkeleton, useAuth } from '@trek/shared';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** One id, so a page rendered twice (React's StrictMode) still shows the toast once. */
const ACCESS_DENIED_TOAST = 'admin-access-denied';

/**
 * For pages inside RequireSignedIn: admins see the page; anyone else gets 'Access Denied' /
 * 'Admin access required' and goes to / (docs/product/admin.md). The server says who is an
 * admin, and refuses every admin call to anyone else whatever this guard does.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const isAdmin = user?.isAdmin === true;
  const turnedAway = !isLoading && !isAdmin;

  useEffect(() => {
    if (!turnedAway) return;
    notifications.show({
      id: ACCESS_DENIED_TOAST,
      color: 'red',
      title: 'Access Denied',
      message: 'Admin access required',
    });
    navigate(PATHS.home, { replace: true });
  }, [turnedAway, navigate]);

  if (!isAdmin) return <PageSkeleton />;
  return children;
}

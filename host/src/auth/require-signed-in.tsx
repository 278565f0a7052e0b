import { PATHS, PageSkeleton, useAuth } from '@trek/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/** Sends visitors to /sign-in?returnTo=<the path they asked for>; renders children for users. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSkeleton />;
  if (!isAuthenticated) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`${PATHS.signIn}?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  return children;
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { logoutMutationOptions, userQueryOptions } from '../api/auth';
import type { User } from '../schemas/user';
import { SITE } from '../site';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * Authenticated when the user call returns data (docs/product/sign-in.md, "Signed in or not").
 * Refetched on mount.
 */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(userQueryOptions());
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}

/**
 * Logout: POST /api/auth/logout; the mutation clears the cached user, then the browser goes to
 * the marketing site home.
 */
export function useLogout(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  const options = logoutMutationOptions();
  return useMutation({
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      navigate(SITE.marketingUrl);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { logout, userQueryOptions } from '../api/auth';
import type { User } from '../schemas/user';
import { SITE } from '../site';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/** Authenticated when the user call returns data (spec section 4). Refetched on mount. */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(userQueryOptions());
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}

/**
 * Logout: POST /api/auth/logout; on success the cached user is cleared and the browser goes to
 * the marketing site home.
 */
export function useLogout(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(userQueryOptions().queryKey, null);
      navigate(SITE.marketingUrl);
    },
  });
}

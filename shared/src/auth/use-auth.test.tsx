import { renderHook, waitFor } from '@testing-library/react';
import { buildUser } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userQueryOptions } from '../api/auth';
import { createQueryClient } from '../query-client';
import { SITE } from '../site';
import { AppProviders } from '../ui/app-providers';
import { useAuth, useLogout } from './use-auth';

const user = buildUser();

function wrapper(queryClient = createQueryClient()) {
  return ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} env="test">
      {children}
    </AppProviders>
  );
}

describe('useAuth', () => {
  it('is authenticated when the user call returns a user', async () => {
    mockApi({ user });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapper() });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user).toEqual(user);
  });

  it('is signed out on 401', async () => {
    mockApi({ user: null });
    const { result } = renderHook(() => useAuth(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
  });
});

describe('useLogout', () => {
  it('posts the logout, clears the cached user and goes to the marketing site', async () => {
    const api = mockApi({ user, routes: { 'POST /api/auth/logout': json({ success: true }) } });
    const queryClient = createQueryClient();
    queryClient.setQueryData(userQueryOptions().queryKey, user);
    const navigate = vi.fn();
    const { result } = renderHook(() => useLogout(navigate), { wrapper: wrapper(queryClient) });
    result.current.mutate();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(SITE.marketingUrl));
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(userQueryOptions().queryKey)).toBeNull();
  });
});

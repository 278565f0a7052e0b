import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryOptions } from '../api/auth';
import { createQueryClient } from '../query-client';
import { SITE } from '../site';
import { AppProviders } from '../ui/app-providers';
import { useAuth, useLogout } from './use-auth';

const user = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: null,
  displayName: null,
  profileImageUrl: null,
  providers: [],
  isAdmin: false,
  hasTemporaryEmail: false,
};

function wrapper(queryClient = createQueryClient()) {
  return ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} env="test">
      {children}
    </AppProviders>
  );
}

describe('useAuth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is authenticated when the user call returns a user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(user))),
    );
    const { result } = renderHook(() => useAuth(), { wrapper: wrapper() });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user?.firstName).toBe('Ana');
  });

  it('is signed out on 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    const { result } = renderHook(() => useAuth(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
  });
});

describe('useLogout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the logout, clears the cached user and goes to the marketing site', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response('{"success":true}'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    queryClient.setQueryData(userQueryOptions().queryKey, user);
    const navigate = vi.fn();
    const { result } = renderHook(() => useLogout(navigate), { wrapper: wrapper(queryClient) });
    result.current.mutate();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(SITE.marketingUrl));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(queryClient.getQueryData(userQueryOptions().queryKey)).toBeNull();
  });
});

import { useMutation } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { buildUser } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deleteAccountMutationOptions } from '../api/account';
import { userQueryOptions } from '../api/auth';
import { SAVED_ANSWERS_COOKIE } from '../contract/federation.js';
import { createQueryClient } from '../query-client';
import { SITE } from '../site';
import { STORAGE_KEYS } from '../storage/storage';
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

/** Everything this browser may keep of a signed-in account. */
function keepEverything() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.setItem(key, '{}');
  sessionStorage.setItem(STORAGE_KEYS.wizardFormData, '{}');
  sessionStorage.setItem(STORAGE_KEYS.linkingLinkSent, '{}');
  // biome-ignore lint/suspicious/noDocumentCookie: the flag as the wizard writes it (persistence.ts).
  document.cookie = `${SAVED_ANSWERS_COOKIE}=1; Path=/`;
  expect(document.cookie).toContain(SAVED_ANSWERS_COOKIE);
}

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

  it("forgets the account's requests in this browser, and keeps the notices still to send", async () => {
    mockApi({ user, routes: { 'POST /api/auth/logout': json({ success: true }) } });
    keepEverything();
    const navigate = vi.fn();
    const { result } = renderHook(() => useLogout(navigate), { wrapper: wrapper() });
    result.current.mutate();
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(localStorage.getItem(STORAGE_KEYS.createdProjectSummary)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.originalFormData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    // The address the conflict page sent a linking link to.
    expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).toBeNull();
    expect(document.cookie).not.toContain(SAVED_ANSWERS_COOKIE);
    // Guide notices still to send outlive a sign-out (their owner signs in again to send them).
    expect(localStorage.getItem(STORAGE_KEYS.guideNoticesToSend)).toBe('{}');
    expect(localStorage.getItem(STORAGE_KEYS.pendingGuideNotices)).toBe('{}');
  });
});

describe('deleteAccountMutationOptions', () => {
  it('empties the cache and forgets all the browser kept of the account', async () => {
    mockApi({ user, routes: { 'DELETE /api/user/delete': json({ success: true }) } });
    keepEverything();
    const queryClient = createQueryClient();
    queryClient.setQueryData(['projects'], []);
    const { result } = renderHook(() => useMutation(deleteAccountMutationOptions()), {
      wrapper: wrapper(queryClient),
    });
    result.current.mutate();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(['projects'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.createdProjectSummary)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.originalFormData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.wizardFormData)).toBeNull();
    // The address the conflict page sent a linking link to.
    expect(sessionStorage.getItem(STORAGE_KEYS.linkingLinkSent)).toBeNull();
    expect(document.cookie).not.toContain(SAVED_ANSWERS_COOKIE);
    expect(localStorage.getItem(STORAGE_KEYS.guideNoticesToSend)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pendingGuideNotices)).toBeNull();
  });
});

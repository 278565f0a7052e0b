import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { buildUser } from '@trek/shared/testing/builders';
import { heldAnswer, json, mockApi } from '@trek/shared/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { fetchCurrentUser, logoutMutationOptions, userQueryOptions } from './auth';
import { updateProfileMutationOptions } from './profile';
import { removeProfileImageMutationOptions } from './profile-image';

const user = buildUser({ providers: [{ provider: 'google' }] });

describe('fetchCurrentUser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the user with a timestamp and without caching', async () => {
    const api = mockApi({ user });
    vi.spyOn(Date, 'now').mockReturnValue(1767607200000);
    await expect(fetchCurrentUser()).resolves.toEqual(user);
    expect(api.fetch.mock.calls[0]?.[0]).toBe('/api/auth/user?t=1767607200000');
    expect(api.fetch.mock.calls[0]?.[1]?.cache).toBe('no-store');
  });

  it('takes the read the server preloaded with the page first, once, then reads with its own time', async () => {
    vi.resetModules();
    const preload = document.createElement('link');
    preload.rel = 'preload';
    preload.setAttribute('href', '/api/auth/user?t=1767607100000');
    document.head.append(preload);
    try {
      const { fetchCurrentUser: onThisPage } = await import('./auth');
      const api = mockApi({ user });
      vi.spyOn(Date, 'now').mockReturnValue(1767607200000);
      await onThisPage();
      await onThisPage();
      expect(api.fetch.mock.calls.map(([url]) => url)).toEqual([
        '/api/auth/user?t=1767607100000',
        '/api/auth/user?t=1767607200000',
      ]);
    } finally {
      preload.remove();
    }
  });

  it('reads 401 as signed out without logging', async () => {
    mockApi({ user: null });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('logs any other failure and reads it as signed out', async () => {
    mockApi({ routes: { 'GET /api/auth/user': new Response('boom', { status: 500 }) } });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('logs a user that does not fit the schema, and reads it as signed out', async () => {
    mockApi({ routes: { 'GET /api/auth/user': json({ ...user, email: null }) } });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });
});

describe("a write's answer and a user read still on its way", () => {
  /** A page mounted just before the write answered: its read of the user is held. */
  async function readHeldWhile(write: (client: QueryClient) => Promise<unknown>) {
    const read = heldAnswer();
    const before = buildUser({
      displayName: 'Ana',
      profileImageUrl: '/api/profile-images/old.png',
    });
    const api = mockApi({
      routes: {
        'GET /api/auth/user': read.route,
        'POST /api/auth/logout': json({ success: true }),
        'DELETE /api/profile-image': json({ user: { ...before, profileImageUrl: null } }),
        'PUT /api/user/profile': json({
          user: { ...before, displayName: 'Ana María' },
          emailChange: null,
        }),
      },
    });
    const client = createQueryClient();
    client.setQueryData(userQueryOptions().queryKey, before);
    void client.fetchQuery({ ...userQueryOptions(), staleTime: 0 }).catch(() => {});
    await vi.waitFor(() => expect(api.callsTo('GET /api/auth/user')).toHaveLength(1));
    await write(client);
    // The read was answered before the write: the old user.
    read.answer(json(before));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return client.getQueryData(userQueryOptions().queryKey);
  }

  it("keeps the photo removed, not the deleted file's address the read brings back", async () => {
    const user = await readHeldWhile((client) =>
      new MutationObserver(client, removeProfileImageMutationOptions()).mutate(),
    );
    expect(user).toMatchObject({ profileImageUrl: null });
  });

  it('keeps the new name', async () => {
    const user = await readHeldWhile((client) =>
      new MutationObserver(client, updateProfileMutationOptions()).mutate({
        displayName: 'Ana María',
      }),
    );
    expect(user).toMatchObject({ displayName: 'Ana María' });
  });

  it('keeps no one after a sign-out', async () => {
    const user = await readHeldWhile((client) =>
      new MutationObserver(client, logoutMutationOptions()).mutate(),
    );
    expect(user).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from './auth';

const user = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: null,
  displayName: null,
  profileImageUrl: null,
  providers: [{ provider: 'google' }],
  isAdmin: false,
  hasTemporaryEmail: false,
};

describe('fetchCurrentUser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the user with a timestamp and without caching', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(user)),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(Date, 'now').mockReturnValue(1767607200000);
    await expect(fetchCurrentUser()).resolves.toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/user?t=1767607200000');
    expect(fetchMock.mock.calls[0]?.[1]?.cache).toBe('no-store');
  });

  it('reads 401 as signed out without logging', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('logs any other failure and reads it as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
  });
});

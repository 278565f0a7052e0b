import { buildUser } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from './auth';

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

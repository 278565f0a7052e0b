import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response.clone());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends cookie credentials and no body or content type without a payload', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await apiRequest('GET', '/api/projects');
    await apiRequest('POST', '/api/auth/logout');
    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.credentials).toBe('include');
      expect(init?.body).toBeUndefined();
      expect(init?.headers).toBeUndefined();
    }
  });

  it('sends a JSON body with a JSON content type when there is a payload', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/projects', { body: { title: 'Trek Request' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"title":"Trek Request"}');
  });

  it('throws "<status>: <body>" for a non-OK answer and keeps the error code', async () => {
    stubFetch(
      new Response('{"message":"Email required","code":"TEMPORARY_EMAIL"}', { status: 400 }),
    );
    const error = await apiRequest('POST', '/api/projects', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '400: {"message":"Email required","code":"TEMPORARY_EMAIL"}',
    );
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('TEMPORARY_EMAIL');
    expect((error as ApiError).serverMessage).toBe('Email required');
  });

  it('uses the status text when the error body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/projects')).rejects.toThrow('503: Service Unavailable');
  });

  it('throws on 401 by default, and returns null on 401 in the returnNull mode', async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(apiRequest('GET', '/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('parses the answer with the schema and throws on a mismatch', async () => {
    const schema = z.object({ status: z.string() });
    stubFetch(new Response('{"status":"ok"}', { status: 200 }));
    await expect(apiRequest('GET', '/health', { schema })).resolves.toEqual({ status: 'ok' });
    stubFetch(new Response('{"status":42}', { status: 200 }));
    await expect(apiRequest('GET', '/health', { schema })).rejects.toThrow();
  });
});

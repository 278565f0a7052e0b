import { apiError, json, mockApi } from '@trek/shared/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiError, apiRequest, READ_TIMEOUT_MS, signalWithTimeout } from './client';

describe('apiRequest', () => {
  it('sends cookie credentials and no body or content type without a payload', async () => {
    const api = mockApi({
      routes: {
        'GET /api/projects': json([]),
        'POST /api/auth/logout': json({ success: true }),
      },
    });
    await apiRequest('GET', '/api/projects');
    await apiRequest('POST', '/api/auth/logout');
    expect(api.fetch).toHaveBeenCalledTimes(2);
    for (const [, init] of api.fetch.mock.calls) {
      expect(init?.credentials).toBe('include');
      expect(init?.body).toBeUndefined();
      expect(init?.headers).toBeUndefined();
    }
  });

  it('sends a JSON body with a JSON content type when there is a payload', async () => {
    const api = mockApi({ routes: { 'POST /api/projects': json({}) } });
    await apiRequest('POST', '/api/projects', { body: { title: 'Trek Request' } });
    const init = api.fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"title":"Trek Request"}');
  });

  it('throws "<status>: <body>" for a non-OK answer and keeps the code', async () => {
    mockApi({
      routes: {
        'POST /api/projects': apiError(400, 'TEMPORARY_EMAIL', 'Email required'),
      },
    });
    const error = await apiRequest('POST', '/api/projects', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '400: {"code":"TEMPORARY_EMAIL","message":"Email required"}',
    );
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('TEMPORARY_EMAIL');
    expect((error as ApiError).serverMessage).toBe('Email required');
  });

  it('reads a code it does not know as none, and Retry-After as seconds', async () => {
    mockApi({
      routes: {
        'POST /api/projects': json({ code: 'FROM_THE_FUTURE', message: 'New' }, 429, {
          'Retry-After': '120',
        }),
      },
    });
    const error = (await apiRequest('POST', '/api/projects').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBe('New');
    expect(error.retryAfterSeconds).toBe(120);
  });

  it('uses the status text when the error body is empty', async () => {
    mockApi({
      routes: {
        'GET /api/projects': new Response('', { status: 503, statusText: 'Service Unavailable' }),
      },
    });
    await expect(apiRequest('GET', '/api/projects')).rejects.toThrow('503: Service Unavailable');
  });

  it('throws on 401 by default, and returns null on 401 in the returnNull mode', async () => {
    mockApi({ user: null });
    await expect(apiRequest('GET', '/api/auth/user')).rejects.toThrow(
      '401: {"code":"UNAUTHENTICATED","message":"Not signed in"}',
    );
    await expect(apiRequest('GET', '/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('reads a 401 it returns null for to its end, so the answer does not stay open', async () => {
    const answer = new Response('{"code":"UNAUTHENTICATED","message":"Not signed in"}', {
      status: 401,
    });
    mockApi({ routes: { 'GET /api/auth/user': () => answer } });
    await expect(apiRequest('GET', '/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    expect(answer.bodyUsed).toBe(true);
  });

  it('parses the answer with the schema and throws on a mismatch', async () => {
    const schema = z.object({ status: z.string() });
    mockApi();
    await expect(apiRequest('GET', '/health', { schema })).resolves.toEqual({ status: 'ok' });
    mockApi({ routes: { 'GET /health': json({ status: 42 }) } });
    await expect(apiRequest('GET', '/health', { schema })).rejects.toThrow();
  });

  it('passes the abort signal on, so a query nobody waits for is cancelled', async () => {
    const api = mockApi();
    const controller = new AbortController();
    await apiRequest('GET', '/health', { signal: controller.signal });
    const sent = api.fetch.mock.calls[0]?.[1]?.signal;
    expect(sent?.aborted).toBe(false);
    controller.abort();
    expect(sent?.aborted).toBe(true);
  });

  it('gives up a read after READ_TIMEOUT_MS, never a write', async () => {
    const api = mockApi({
      routes: { 'GET /api/projects': json([]), 'POST /api/projects': json({}, 201) },
    });
    await apiRequest('GET', '/api/projects');
    await apiRequest('POST', '/api/projects', { body: {} });
    expect(api.fetch.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
    expect(api.fetch.mock.calls[1]?.[1]?.signal).toBeUndefined();
    expect(READ_TIMEOUT_MS).toBe(20_000);
  });
});

describe('signalWithTimeout', () => {
  it('ends after its time, or with the caller, whichever comes first', async () => {
    const alone = signalWithTimeout(undefined, 10);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(alone.aborted).toBe(true);
    expect((alone.reason as DOMException).name).toBe('TimeoutError');

    const caller = new AbortController();
    const either = signalWithTimeout(caller.signal, 60_000);
    caller.abort();
    expect(either.aborted).toBe(true);
  });

  describe('in a browser without AbortSignal.any (before Chrome 116, Safari 17.4)', () => {
    const any = AbortSignal.any;
    beforeEach(() => {
      Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true });
    });
    afterEach(() => {
      Object.defineProperty(AbortSignal, 'any', { value: any, configurable: true });
    });

    it('still reads: the request is sent, and ends with the caller or after its time', async () => {
      const api = mockApi({ routes: { 'GET /api/health': json({ ok: true }) } });
      const query = new AbortController();
      expect(await apiRequest('GET', '/api/health', { signal: query.signal })).toEqual({
        ok: true,
      });
      expect(api.fetch).toHaveBeenCalledTimes(1);

      const caller = new AbortController();
      const withCaller = signalWithTimeout(caller.signal, 60_000);
      caller.abort(new DOMException('Left the page', 'AbortError'));
      expect(withCaller.aborted).toBe(true);
      expect((withCaller.reason as DOMException).message).toBe('Left the page');

      const timedOut = signalWithTimeout(new AbortController().signal, 10);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect((timedOut.reason as DOMException).name).toBe('TimeoutError');

      const alreadyAborted = new AbortController();
      alreadyAborted.abort();
      expect(signalWithTimeout(alreadyAborted.signal, 60_000).aborted).toBe(true);
    });
  });
});

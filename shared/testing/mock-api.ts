import type { Mock } from 'vitest';
import { vi } from 'vitest';
import type { ApiErrorCode, User } from '../src/schemas';

/**
 * The one request-mocking layer of the component tests: `fetch` answers from a table of routes
 * ('METHOD /path/:param'), as the API would. Unlisted calls answer the API's 404, and a few
 * calls every page makes have defaults: the user (signed out unless `user` is given), the
 * providers (both available) and health (ok).
 */

export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  /** The `:name` parts of the matched route. */
  params: Record<string, string>;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

/** A route's answer: a fixed response (returned fresh each time), or a handler. */
export type MockRoute = Response | MockHandler;

export interface MockApiOptions {
  /** The signed-in user; null or absent: a visitor (401). */
  user?: User | null;
  routes?: Record<string, MockRoute>;
}

export interface MockApi {
  fetch: Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
  /** Every call made, in order. */
  calls: MockRequest[];
  /** The calls to one route ('POST /api/projects'). */
  callsTo(route: string): MockRequest[];
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

/** An error answer in the API's shape, with a code from the shared list. */
export function apiError(
  status: number,
  code: ApiErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ code, message }, status, headers);
}

/** An answer that never comes (a pending state to look at). */
export function never(): Promise<Response> {
  return new Promise(() => {});
}

function matches(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

function parseBody(init?: RequestInit): unknown {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

export function mockApi({ user = null, routes = {} }: MockApiOptions = {}): MockApi {
  const table: Record<string, MockRoute> = {
    'GET /api/auth/user': () =>
      user ? json(user) : apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
    'GET /api/auth/providers': json({
      google: { available: true },
      facebook: { available: true },
    }),
    'GET /health': json({ status: 'ok' }),
    ...routes,
  };
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const base: Omit<MockRequest, 'params'> = {
      method,
      path: url.pathname,
      url,
      body: parseBody(init),
    };
    for (const [key, route] of Object.entries(table)) {
      const [routeMethod, pattern = ''] = key.split(' ');
      const params = routeMethod === method ? matches(pattern, url.pathname) : null;
      if (!params) continue;
      const request = { ...base, params };
      calls.push(request);
      return typeof route === 'function' ? route(request) : route.clone();
    }
    calls.push({ ...base, params: {} });
    return apiError(404, 'NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls,
    callsTo(route) {
      const [method, pattern = ''] = route.split(' ');
      return calls.filter((call) => call.method === method && matches(pattern, call.path));
    },
  };
}

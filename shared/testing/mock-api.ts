import type { Mock } from 'vitest';
import { vi } from 'vitest';
import type { ApiErrorCode, User } from '../src/schemas';

/**
 * The one request-mocking layer of the component tests: `fetch` (and XMLHttpRequest, which file
 * uploads use for their progress) answers from a table of routes ('METHOD /path/:param'), as the
 * API would. Unlisted calls answer the API's 404, and a few
 * calls every page makes have defaults: the user (signed out unless `user` is given), the
 * providers (both available) and health (ok).
 */

export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  /** The `:name` parts of the matched route. */
  params: Record<string, string>;
  /** The parsed JSON body, if any (the Blob itself for an upload). */
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

/**
 * An answer held until the test gives it (`answer(response)`): the pending state to look at,
 * then how it ends. `route` is the mock route that waits for it.
 */
export function heldAnswer(): {
  route: () => Promise<Response>;
  answer: (response: Response) => void;
} {
  let give: (response: Response) => void = () => {};
  const answered = new Promise<Response>((resolve) => {
    give = resolve;
  });
  return { route: () => answered, answer: (response) => give(response) };
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

  /** The answer of the route table to one request, recorded in `calls`. */
  async function answer(method: string, url: URL, body: unknown): Promise<Response> {
    const base: Omit<MockRequest, 'params'> = { method, path: url.pathname, url, body };
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
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    cancellable(init?.signal, () =>
      answer(
        (init?.method ?? 'GET').toUpperCase(),
        new URL(String(input), 'http://localhost'),
        parseBody(init),
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', xhrOver(answer));
  return {
    fetch: fetchMock,
    calls,
    callsTo(route) {
      const [method, pattern = ''] = route.split(' ');
      return calls.filter((call) => call.method === method && matches(pattern, call.path));
    },
  };
}

/**
 * The answer, unless the request's signal ends first: as fetch does, a call cancelled before or
 * while it is answered rejects with the signal's reason (an AbortError unless one is given). One
 * cancelled before it starts is never sent, so not recorded.
 */
function cancellable(
  signal: AbortSignal | null | undefined,
  send: () => Promise<Response>,
): Promise<Response> {
  if (!signal) return send();
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    // Listening first: a route's handler may cancel the call as it answers it.
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    send()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type Answer = (method: string, url: URL, body: unknown) => Promise<Response>;

/**
 * An XMLHttpRequest (the upload of a file, which reports progress) answered by the same route
 * table: the body is the Blob sent, progress is reported once half-way and once at the end.
 */
function xhrOver(answer: Answer) {
  return class MockXMLHttpRequest {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    readonly headers: Record<string, string> = {};
    private method = 'GET';
    private url = '';
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body?: Blob | string | null) {
      const total = body instanceof Blob ? body.size : String(body ?? '').length;
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      void (async () => {
        progress(Math.floor(total / 2));
        let response: Response;
        try {
          response = await answer(this.method, new URL(this.url, 'http://localhost'), body);
        } catch {
          if (!this.aborted) this.onerror?.();
          return;
        }
        if (this.aborted) return;
        progress(total);
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.onload?.();
      })();
    }
  };
}

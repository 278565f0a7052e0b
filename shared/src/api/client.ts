import { z } from 'zod/mini';
import { API_ERROR_CODES, type ApiErrorCode } from '../schemas/api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const KNOWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

/**
 * What an error body may hold. Read leniently: a code this client does not know yet (a newer
 * API) reads as no code, and the caller falls back to the status.
 */
const errorBodySchema = z.object({ message: z.string(), code: z.optional(z.string()) });

/**
 * A non-OK answer. The message is `<status>: <body text, or status text>` (docs/product/site.md,
 * "Calls"); callers branch on `status` and `code`, never on the message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The `code` of a JSON error body (e.g. TEMPORARY_EMAIL), when it is one of the shared list. */
  readonly code: ApiErrorCode | undefined;
  /** The `message` of a JSON error body, when there is one. */
  readonly serverMessage: string | undefined;
  /** Seconds to wait before asking again, from a 429's `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, body: string, headers?: Headers) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code =
      parsed?.code && KNOWN_CODES.has(parsed.code) ? (parsed.code as ApiErrorCode) : undefined;
    this.serverMessage = parsed?.message;
    const retryAfter = Number(headers?.get('retry-after') ?? Number.NaN);
    this.retryAfterSeconds =
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
  }
}

function parseErrorBody(body: string) {
  try {
    const result = errorBodySchema.safeParse(JSON.parse(body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

export interface RequestOptions<T> {
  /** JSON payload; when absent no body and no content type are sent. */
  body?: unknown;
  /** Parses the answer; a mismatch throws (the API is ours, so it is a bug to catch early). */
  schema?: z.ZodMiniType<T>;
  /** The query's or the caller's abort signal: a request nobody waits for any more is cancelled. */
  signal?: AbortSignal | undefined;
  cache?: RequestCache;
}

/**
 * How long a read may take before it fails like any other (a page then offers Try again instead
 * of its skeleton forever, and a user read that never answers means no user). Writes have no
 * such limit: abandoning one the server may still finish would invite the same write twice.
 */
export const READ_TIMEOUT_MS = 20_000;

/** The caller's signal, if any, and a timeout of `ms`: whichever ends first cancels the call. */
export function signalWithTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  if (!signal) return timeout;
  // AbortSignal.any came with Chrome 116, Firefox 124 and Safari 17.4; the build's browsers
  // reach back to Chrome 107 and Safari 16, where every read would throw before it is sent.
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  const either = new AbortController();
  for (const source of [signal, timeout]) {
    if (source.aborted) {
      either.abort(source.reason);
      break;
    }
    source.addEventListener('abort', () => either.abort(source.reason), { once: true });
  }
  return either.signal;
}

/**
 * The one fetch client (docs/product/site.md, "Calls"): cookie credentials, JSON only with a
 * payload, non-OK answers throw ApiError. With `on401: 'returnNull'` a 401 resolves to null
 * instead. No toasts or redirects here: callers decide.
 */
export function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  options: RequestOptions<T> & { on401: 'returnNull' },
): Promise<T | null>;
export function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  options?: RequestOptions<T> & { on401?: 'throw' },
): Promise<T>;
export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  options: RequestOptions<T> & { on401?: 'throw' | 'returnNull' } = {},
): Promise<T | null> {
  const hasPayload = options.body !== undefined;
  const init: RequestInit = { method, credentials: 'include' };
  if (hasPayload) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  if (method === 'GET') init.signal = signalWithTimeout(options.signal, READ_TIMEOUT_MS);
  else if (options.signal) init.signal = options.signal;
  if (options.cache) init.cache = options.cache;

  const response = await fetch(url, init);
  if (response.status === 401 && options.on401 === 'returnNull') {
    // Read to its end all the same: an answer the browser may not cache (`no-store`) and nobody
    // reads stays open until the read's timeout aborts it, 20 s in which the page never settles.
    await response.text();
    return null;
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      response.statusText,
      await response.text(),
      response.headers,
    );
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  return options.schema ? options.schema.parse(data) : (data as T);
}

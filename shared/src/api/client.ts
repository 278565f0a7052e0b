import type { z } from 'zod';
import { apiErrorBodySchema } from '../schemas/api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-OK answer. The message is the spec's `<status>: <body text, or status text>`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The `code` of a JSON error body (e.g. TEMPORARY_EMAIL), when there is one. */
  readonly code: string | undefined;
  /** The `message` of a JSON error body, when there is one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code = parsed?.code;
    this.serverMessage = parsed?.message;
  }
}

function parseErrorBody(body: string) {
  try {
    const result = apiErrorBodySchema.safeParse(JSON.parse(body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

export interface RequestOptions<T> {
  /** JSON payload; when absent no body and no content type are sent. */
  body?: unknown;
  /** Parses the answer; a mismatch throws (the API is ours, so it is a bug to catch early). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/**
 * The one fetch client (spec section 7): cookie credentials, JSON only with a payload, non-OK
 * answers throw ApiError. With `on401: 'returnNull'` a 401 resolves to null instead.
 * No toasts or redirects here: callers decide.
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
  if (options.signal) init.signal = options.signal;
  if (options.cache) init.cache = options.cache;

  const response = await fetch(url, init);
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  return options.schema ? options.schema.parse(data) : (data as T);
}

import type { ApiErrorBody, ApiErrorCode } from '@trek/shared/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applySecurityHeaders } from './security-headers.js';
import { RequestValidationError, ResponseShapeError } from './zod-type-provider.js';

/** An error whose status, code and message are meant for the client (docs/product/site.md). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  /** Seconds to wait before asking again (429), sent as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    code: ApiErrorCode,
    message: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const TOO_MANY_REQUESTS = 'Too many requests, please try again later.';

/** The answer to every 4xx Fastify raises itself, by status: never its own text or the path. */
const FRAMEWORK_ANSWERS: Record<number, ApiErrorBody> = {
  400: { code: 'BAD_REQUEST', message: 'Bad request' },
  401: { code: 'UNAUTHENTICATED', message: 'Not signed in' },
  403: { code: 'FORBIDDEN', message: 'Forbidden' },
  404: { code: 'NOT_FOUND', message: 'Not found' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
  415: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type: send application/json',
  },
  429: { code: 'RATE_LIMITED', message: TOO_MANY_REQUESTS },
};

/** Fastify error codes whose answer says more than the status alone. */
const FRAMEWORK_CODES: Record<string, { status: number; body: ApiErrorBody }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    body: { code: 'VALIDATION', message: 'The request body is not valid JSON' },
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: { code: 'VALIDATION', message: 'The request body is empty' },
  },
  // @fastify/compress inflates gzip, deflate and br request bodies and refuses other encodings.
  FST_CP_ERR_INVALID_CONTENT_ENCODING: {
    status: 415,
    body: {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message:
        'Unsupported content encoding: send the body uncompressed, or as gzip, deflate or br',
    },
  },
  FST_CP_ERR_INVALID_CONTENT: {
    status: 400,
    body: { code: 'BAD_REQUEST', message: 'The request body could not be decompressed' },
  },
  FST_ERR_BAD_URL: {
    status: 400,
    body: { code: 'BAD_REQUEST', message: 'The address is not a valid URL' },
  },
  // No resource has a longer id than the router keeps: the same as a missing one.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
};

const INTERNAL: ApiErrorBody = { code: 'INTERNAL', message: 'Internal server error' };

interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  retryAfterSeconds?: number | undefined;
}

/**
 * Every error, ours or Fastify's, becomes one answer `{ code, message }`; anything unexpected is
 * a 500 that says nothing about the inside (it is logged instead).
 */
function answerFor(error: unknown, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { code: error.code, message: error.message },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof RequestValidationError) {
    // A malformed id in the path names nothing, like an id that does not exist (and the schema's
    // pattern is nobody's business).
    if (error.part === 'params') {
      return { status: 404, body: FRAMEWORK_ANSWERS[404] as ApiErrorBody };
    }
    return { status: 400, body: { code: 'VALIDATION', message: error.message } };
  }
  if (error instanceof ResponseShapeError) {
    request.log.error({ err: error }, 'response failed its schema');
    return { status: 500, body: INTERNAL };
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (known) return known;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: FRAMEWORK_ANSWERS[status] ?? (FRAMEWORK_ANSWERS[400] as ApiErrorBody) };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: INTERNAL };
}

function send(reply: FastifyReply, answer: ErrorAnswer) {
  if (answer.retryAfterSeconds !== undefined) {
    reply.header('Retry-After', String(answer.retryAfterSeconds));
  }
  return reply.status(answer.status).send(answer.body);
}

/**
 * The one error handler, also for the errors Fastify raises before any route or hook runs (a bad
 * URL, an over-long id): those get the same shape and the same security headers.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => send(reply, answerFor(error, request)));
  app.setNotFoundHandler((_request, reply) =>
    send(reply, { status: 404, body: FRAMEWORK_ANSWERS[404] as ApiErrorBody }),
  );
}

/** Fastify's `frameworkErrors` option: errors raised while routing, before hooks run. */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  applySecurityHeaders(request.raw, reply.raw);
  return send(reply, answerFor(error, request));
}

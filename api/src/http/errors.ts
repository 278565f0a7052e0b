import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

/** An error whose status and message are meant for the client (ARCHITECTURE section 4). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, code?: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const TOO_MANY_REQUESTS = 'Too many requests, please try again later.';

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported content type: send application/json',
  429: TOO_MANY_REQUESTS,
};

/** Readable first problem of a zod error, e.g. "email: Invalid email address". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Parses request input with zod, answering 400 with a readable message when it does not fit. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, describeZodError(result.error), 'INVALID_INPUT');
  return result.data;
}

/**
 * Every error answers `{ message, code? }`: expected ones with their own status and message,
 * anything else as a 500 that says nothing about the inside (it is logged instead).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | z.ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
      });
    }
    if (error instanceof z.ZodError) {
      // A response that does not fit its schema is our bug, not the client's.
      request.log.error({ err: error }, 'response failed its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON'
          : status === 400 && error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty'
            : (MESSAGES_BY_STATUS[status] ?? 'Bad request');
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
}

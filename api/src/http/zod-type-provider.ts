import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import { safeParse, type z } from 'zod';

/**
 * Route schemas are the zod schemas of @trek/shared: a request is parsed (and typed) before the
 * handler runs, and an answer is checked against its schema on the way out. This is the small
 * part of fastify-type-provider-zod the API needs; the package itself requires @fastify/swagger.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown;
}

/** The request did not fit its schema: a 400 whose message names the first problem. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly issues: z.core.$ZodIssue[];
  readonly part: string;

  constructor(issues: z.core.$ZodIssue[], part: string, message = describeIssues(issues)) {
    super(message);
    this.name = 'RequestValidationError';
    this.issues = issues;
    this.part = part;
  }
}

/** An answer did not fit its schema: our bug, answered as a 500 and logged. */
export class ResponseShapeError extends Error {
  readonly issues: z.core.$ZodIssue[];

  constructor(error: z.ZodError, url: string) {
    super(`The answer of ${url} does not fit its schema: ${describeIssues(error.issues)}`);
    this.name = 'ResponseShapeError';
    this.issues = error.issues;
  }
}

/** Readable first problem, e.g. "email: Please enter a valid email address.". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function isZodSchema(schema: unknown): schema is z.core.$ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/**
 * A query parameter given twice arrives as an array, which a schema of one value would report as
 * "expected number, received NaN": say what is wrong instead. No query of the API takes a list.
 */
function repeatedParameter(httpPart: string | undefined, data: unknown): string | null {
  if (httpPart !== 'querystring' || typeof data !== 'object' || data === null) return null;
  const repeated = Object.entries(data).find(([, value]) => Array.isArray(value));
  return repeated ? repeated[0] : null;
}

/** The body as a whole is not an object (`null`, a number, an array, none at all). */
function bodyIsNoObject(httpPart: string | undefined, issues: readonly z.core.$ZodIssue[]) {
  return (
    httpPart === 'body' &&
    issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type')
  );
}

const validatorCompiler: FastifySchemaCompiler<unknown> =
  ({ schema, httpPart }) =>
  (data) => {
    if (!isZodSchema(schema)) throw new Error('Route schemas must be zod schemas');
    const part = httpPart ?? 'request';
    const repeated = repeatedParameter(httpPart, data);
    if (repeated !== null) {
      const issue: z.core.$ZodIssue = {
        code: 'custom',
        path: [repeated],
        message: 'must be given once',
        input: undefined,
      };
      return { error: new RequestValidationError([issue], part) };
    }
    // Fastify passes null for an absent body, and for a JSON `null`, so both read as no body; a
    // schema that allows no body says `optional()`.
    const result = safeParse(schema, httpPart === 'body' && data === null ? undefined : data);
    if (result.success) return { value: result.data };
    const { issues } = result.error;
    return {
      error: bodyIsNoObject(httpPart, issues)
        ? new RequestValidationError(issues, part, 'The request body must be a JSON object')
        : new RequestValidationError(issues, part),
    };
  };

const serializerCompiler: FastifySerializerCompiler<unknown> =
  ({ schema, url }) =>
  (data) => {
    if (!isZodSchema(schema)) throw new Error('Route schemas must be zod schemas');
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseShapeError(result.error, url);
    return JSON.stringify(result.data);
  };

/** Makes every route of `app` validate and serialize with zod schemas. */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

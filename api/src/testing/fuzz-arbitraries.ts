import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for the fuzzer: values shaped by a route's own zod schema (through its
 * JSON Schema, refinements left out, so many break a rule the schema checks in code), and
 * hostile values no schema describes.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** Real calendar days around the test clock (2026), valid and past ones. */
const isoDay = fc
  .date({
    min: new Date('1999-06-01T00:00:00Z'),
    max: new Date('2101-06-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  const maxLength = Math.min(schema.maxLength ?? 40, 400);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    const matching = fc.stringMatching(new RegExp(schema.pattern));
    // A date pattern: real days too, or nearly every case is refused for its date.
    return schema.pattern.includes('\\d{4}-\\d{2}') ? fc.oneof(isoDay, matching) : matching;
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
  );
}

/** Values of a JSON Schema (the subset zod's `toJSONSchema` writes). */
export function fromJsonSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => fromJsonSchema(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items, depth + 1) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 25),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = Object.keys(properties).filter((k) => schema.required?.includes(k));
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, fromJsonSchema(value, depth + 1)]),
        ),
        { requiredKeys: required },
      );
    }
    default:
      return anyJson;
  }
}

/** Values shaped by a zod schema (its input side). */
export function fromZod(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fromJsonSchema(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
  );
}

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

const ONE_MEGABYTE = 1024 * 1024;

/** Strings no field should store, or that break careless code. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m\u007f\u0085',
    '\ud800',
    'x\udfffy',
    '\u202eevil\u202c',
    '\u200b\u2060\ufeff',
    ' ',
    '',
    "'; drop table projects; --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{{constructor.constructor("return process")().exit()}}',
    '__proto__',
    '𝕋𝕣𝕖𝕜 🏔️ ñandú',
    '9'.repeat(400),
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0001', '\ud800', '\udc00', '\u202e', 'a'),
    maxLength: 30,
  }),
  fc.constant('x'.repeat(ONE_MEGABYTE)),
);

/** Numbers past any range. */
const hostileNumber = fc.constantFrom(
  -1,
  0,
  -0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 63),
  Number.MIN_VALUE,
);

/** Any JSON value of the wrong kind, or a hostile one of the right kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(true, false, null, [], {}, [null], { $gt: '' }),
  anyJson,
);

/** A raw body no JSON.stringify would write. */
export function hostileBody(validJson: string): fc.Arbitrary<string | Uint8Array> {
  const depth = fc.integer({ min: 100, max: 6000 });
  return fc.oneof(
    // Truncated JSON.
    fc
      .integer({ min: 0, max: Math.max(0, validJson.length - 1) })
      .map((n) => validJson.slice(0, n)),
    // Deep nesting (arrays and objects).
    depth.map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    depth.map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    // Prototype pollution attempts, at the top and inside.
    fc.constantFrom(
      `{"__proto__":{"isAdmin":true},${validJson.slice(1)}`,
      `{"constructor":{"prototype":{"isAdmin":true}},${validJson.slice(1)}`,
      `${validJson.slice(0, -1)}${validJson.length > 2 ? ',' : ''}"__proto__":{"status":"active"}}`,
    ),
    // Duplicate keys: the last one wins in JSON.parse, so a check must not read the first.
    fc.constant(
      validJson.length > 2 ? `${validJson.slice(0, -1)},${validJson.slice(1)}` : '{"a":1,"a":2}',
    ),
    // Not JSON at all, invalid UTF-8, a BOM, a lone value.
    fc.constantFrom(
      'nul',
      'undefined',
      'NaN',
      '"text"',
      '42',
      '[]',
      'null',
      '\ufeff{}',
      '{"a":1}{"b":2}',
    ),
    fc
      .uint8Array({ minLength: 1, maxLength: 64 })
      .map((bytes) => Uint8Array.from([0xff, 0xfe, ...bytes])),
    // Far over any JSON route's limit.
    fc.constant(`{"x":"${'y'.repeat(ONE_MEGABYTE)}"}`),
  );
}

/** Query strings no form would write. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'limit=-1',
    'limit=0',
    'limit=1e400',
    'limit=NaN',
    'limit=101',
    'limit=1&limit=2',
    'after=%00',
    'after=not-a-uuid',
    'after=00000000-0000-0000-0000-000000000000',
    '%ZZ=%',
    'a[b][c]=1',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'token=',
    `token=${'t'.repeat(5000)}`,
    'mode=link&mode=link',
    'returnTo=//evil.example',
    'returnTo=https://evil.example',
    'state=%E0%A4%A',
  ),
  fc.string({ maxLength: 80 }).map((s) => `q=${encodeURIComponent(s)}`),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => encodeURIComponent(s)),
);

/** Path segments in place of an id. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    '..%2F..',
    '%2e%2e',
    'null',
    '-1',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'a'.repeat(1000),
    '%ZZ',
    '%F0%9F%8F%94',
  ),
  fc.uuid(),
  fc.string({ maxLength: 50 }).map((s) => encodeURIComponent(s)),
);

/** Content types a client might send instead of JSON. */
export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/xml',
      'application/vnd.api+json',
      'APPLICATION/JSON',
      'image/png',
      '',
    ),
  },
);

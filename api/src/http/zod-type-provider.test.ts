import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors.js';
import { useZodSchemas, type ZodTypeProvider } from './zod-type-provider.js';

describe('route schemas', () => {
  const app = Fastify();
  beforeAll(async () => {
    useZodSchemas(app);
    registerErrorHandling(app);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/echo',
      {
        schema: {
          body: z.object({ name: z.string().trim().min(1, 'is required') }),
          response: { 200: z.object({ greeting: z.string() }) },
        },
      },
      // The body arrives parsed: trimmed, and typed by the schema.
      async (request) => ({ greeting: `Hello ${request.body.name}` }),
    );
    routes.get(
      '/broken',
      { schema: { response: { 200: z.object({ count: z.number() }) } } },
      // A handler whose answer drifted from its schema (what a type cast would hide).
      async () => JSON.parse('{"count":"three"}') as { count: number },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('parses the body before the handler', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: '  Ana ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ greeting: 'Hello Ana' });
  });

  it('answers a body that does not fit with 400 naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', message: 'name: is required' });
  });

  it('refuses an answer that does not fit its schema with a 500 that says nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createApiProxy,
  forwardedFor,
  parseForwardedForTrust,
  UPLOAD_MAX_BODY_BYTES,
} from './api-proxy.mjs';
import { suiteConfig } from './suite-config.mjs';

const LIMIT = 64 * 1024;
const TOO_LARGE = JSON.stringify({ message: 'Request body too large' });

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Something that happens once, to wait for. */
function signal() {
  let fire: () => void = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = () => resolve();
  });
  return { fire, fired };
}

async function listen(handler: Handler): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Answers like the API (Fastify with a 64 KiB body limit): a declared length over the limit gets
 * 413 with `Connection: close` before a byte of the body is read, so the connection closes with
 * the body unread; a chunked body is read until it passes the limit, then answered 413.
 */
const fastifyLike: Handler = (req, res) => {
  const tooLarge = () => {
    res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(TOO_LARGE);
  };
  if (Number(req.headers['content-length']) > LIMIT) {
    res.setHeader('Connection', 'close');
    tooLarge();
    return;
  }
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > LIMIT) {
      req.off('data', onData);
      tooLarge();
    }
  };
  req.on('data', onData);
  req.on('end', () => {
    if (!res.headersSent) res.writeHead(201, { 'Content-Type': 'application/json' }).end('{}');
  });
};

async function proxyTo(upstream: string, options: Parameters<typeof createApiProxy>[1] = {}) {
  const proxy = createApiProxy(upstream, options);
  const url = await listen((req, res) => proxy(req, res));
  closers.push(async () => proxy.close());
  return url;
}

/** One request with a raw client (no retries, no agent reuse), as a hostile client would send it. */
function send(
  url: string,
  options: {
    size: number;
    chunked?: boolean;
    path?: string;
    method?: string;
    agent?: http.Agent;
  },
): Promise<
  { status: number; body: string; headers: http.IncomingHttpHeaders } | { error: string }
> {
  return new Promise((resolve) => {
    const body = Buffer.alloc(options.size, 'a');
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
    if (!options.chunked) headers['content-length'] = options.size;
    const req = http.request(
      `${url}${options.path ?? '/api/projects'}`,
      { method: options.method ?? 'POST', headers, agent: options.agent ?? false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
        );
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: `response ${error.code}` }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    if (!options.chunked) {
      req.end(body);
      return;
    }
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const more = req.write(body.subarray(offset, offset + 16 * 1024));
        offset += 16 * 1024;
        if (!more) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}

describe('the API proxy', () => {
  it("relays the API's 413 for over-large bodies every time, also when it answers before reading them", async () => {
    const url = await proxyTo(await listen(fastifyLike));
    const sizes = [70_000, 300_000, 900_000];
    const outcomes = new Map<string, number>();
    let next = 0;
    const total = 300;
    // Eight clients at once, as the probe that found 62 failures in 2,110 requests did.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          const i = next++;
          const result = await send(url, { size: sizes[i % 3] ?? 0, chunked: i % 4 === 0 });
          const outcome =
            'error' in result
              ? result.error
              : `${result.status} ${result.body === TOO_LARGE ? 'as sent' : result.body}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(outcomes)).toEqual({ '413 as sent': total });
  });

  it('answers 413 itself, in the same words, for a body larger than any API route accepts', async () => {
    let reached = 0;
    const upstream = await listen((_req, res) => {
      reached += 1;
      res.end();
    });
    const url = await proxyTo(upstream, { maxBodyBytes: 100_000 });
    for (const chunked of [false, true]) {
      const result = await send(url, { size: 250_000, chunked });
      expect(result).toMatchObject({ status: 413, body: TOO_LARGE });
      // Like every /api answer, never stored.
      if (!('error' in result)) expect(result.headers['cache-control']).toBe('no-store');
    }
    expect(reached).toBe(0);
  });

  it('lets the profile photo upload, and only it, carry a little over 5 MB', async () => {
    const received: number[] = [];
    const upstream = await listen((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      req.on('end', () => {
        received.push(size);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
      });
    });
    const url = await proxyTo(upstream);
    const photo = '/api/profile-image/upload/6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90?signature=abc';
    const justOver5MB = 5 * 1024 * 1024 + 1;
    expect(await send(url, { size: justOver5MB, method: 'PUT', path: photo })).toMatchObject({
      status: 200,
    });
    for (const [method, path] of [
      ['POST', photo],
      ['PUT', '/api/profile-image'],
      ['PUT', '/api/profile-image/uploadx'],
      ['PUT', '/api/projects/6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90'],
    ] as const) {
      expect(await send(url, { size: 2 * 1024 * 1024, method, path })).toMatchObject({
        status: 413,
        body: TOO_LARGE,
      });
    }
    for (const chunked of [false, true]) {
      const tooLarge = { size: UPLOAD_MAX_BODY_BYTES + 1, method: 'PUT', path: photo, chunked };
      expect(await send(url, tooLarge)).toMatchObject({ status: 413, body: TOO_LARGE });
    }
    expect(received).toEqual([justOver5MB]);
  });

  it('relays an early answer that keeps the connection open (403 before the body is read)', async () => {
    const upstream = await listen((_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/json' }).end('{"message":"Forbidden"}');
    });
    const url = await proxyTo(upstream);
    for (let i = 0; i < 20; i += 1) {
      expect(await send(url, { size: 50_000 })).toMatchObject({
        status: 403,
        body: '{"message":"Forbidden"}',
      });
    }
  });

  it('forwards the body whole, and the answer with its cookies but without connection headers', async () => {
    let seen: { length: string | undefined; body: string; forwardedFor: string | undefined } = {
      length: undefined,
      body: '',
      forwardedFor: undefined,
    };
    const upstream = await listen((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        seen = {
          length: req.headers['content-length'],
          body,
          forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
        };
        res.writeHead(201, {
          'Content-Type': 'application/json',
          'Set-Cookie': ['a=1; HttpOnly', 'b=2; HttpOnly'],
          Connection: 'close',
          'Referrer-Policy': 'no-referrer',
          'Cache-Control': 'private, max-age=60',
        });
        res.end('{"id":"p1"}');
      });
    });
    const url = await proxyTo(upstream);
    const agent = new http.Agent({ keepAlive: true });
    closers.push(async () => agent.destroy());
    const result = await send(url, { size: 1000, chunked: true, agent });
    expect(seen).toEqual({ length: '1000', body: 'a'.repeat(1000), forwardedFor: '127.0.0.1' });
    expect(result).toMatchObject({ status: 201, body: '{"id":"p1"}' });
    if ('error' in result) throw new Error(result.error);
    expect(result.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    // The API closing its connection to the proxy does not close the client's.
    expect(result.headers.connection).toBe('keep-alive');
    // The API's own policy is kept; what it left out is added.
    expect(result.headers['referrer-policy']).toBe('no-referrer');
    expect(result.headers['cache-control']).toBe('private, max-age=60');
    expect(result.headers['x-frame-options']).toBe('DENY');
    expect(result.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(result.headers['permissions-policy']).toContain('camera=()');
  });

  it("adds the site's HSTS to the API's answers in production only, the API sending none of its own", async () => {
    const upstream = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    const production = await send(await proxyTo(upstream, { production: true }), {
      size: 0,
      method: 'GET',
    });
    const development = await send(await proxyTo(upstream), { size: 0, method: 'GET' });
    if ('error' in production) throw new Error(production.error);
    if ('error' in development) throw new Error(development.error);
    expect(production.headers['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect(development.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers 502 in the API error shape when the API is down', async () => {
    const down = await listen(() => {});
    await Promise.all(closers.splice(0).map((close) => close()));
    const url = await proxyTo(down);
    const result = await send(url, { size: 10 });
    expect(result).toMatchObject({
      status: 502,
      body: '{"message":"The API is not reachable."}',
    });
    // Like every /api answer, never stored: a cached 502 would outlive the API's return.
    if (!('error' in result)) expect(result.headers['cache-control']).toBe('no-store');
  });

  it('tears the upstream request down when the client goes away while waiting for the answer', async () => {
    const closed = signal();
    const arrived = signal();
    // The API holds the request (a slow query) and never answers on its own.
    const upstream = await listen((req) => {
      req.resume();
      req.on('end', arrived.fire);
      req.socket.on('close', closed.fire);
    });
    const url = await proxyTo(upstream);
    const client = http.request(`${url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 2 },
      agent: false,
    });
    client.on('error', () => {});
    client.end('{}');
    await arrived.fired;
    client.destroy();
    await closed.fired;
  });

  it('never opens an upstream request for a client that leaves half-way through its body', async () => {
    let reached = 0;
    const upstream = await listen((_req, res) => {
      reached += 1;
      res.end();
    });
    const proxy = createApiProxy(upstream);
    closers.push(async () => proxy.close());
    const bodyStarted = signal();
    const clientGone = signal();
    const url = await listen((req, res) => {
      req.once('data', bodyStarted.fire);
      req.on('close', clientGone.fire);
      proxy(req, res);
    });
    const client = http.request(`${url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 10_000 },
      agent: false,
    });
    client.on('error', () => {});
    client.write('x'.repeat(100));
    await bodyStarted.fired;
    client.destroy();
    await clientGone.fired;
    // A request to the upstream would have been made at once; a round trip later there is none.
    expect(await send(url, { size: 2 })).toMatchObject({ status: 200 });
    expect(reached).toBe(1);
  });

  describe('X-Forwarded-For', () => {
    /** The header the API receives for one GET that carried `sent`. */
    async function forwardedAs(options: Parameters<typeof createApiProxy>[1], sent?: string) {
      let seen: string | undefined;
      const upstream = await listen((req, res) => {
        seen = req.headers['x-forwarded-for'] as string | undefined;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
      const url = await proxyTo(upstream, options);
      const res = await fetch(`${url}/api/projects`, {
        headers: sent === undefined ? {} : { 'x-forwarded-for': sent },
      });
      expect(res.status).toBe(200);
      return seen;
    }

    it("replaces the visitor's header by its peer by default, so nobody chooses their address", async () => {
      expect(await forwardedAs({}, '203.0.113.7')).toBe('127.0.0.1');
      expect(await forwardedAs({ trustForwardedFor: false }, '203.0.113.7')).toBe('127.0.0.1');
    });

    it("behind a trusted proxy, keeps the proxy's header and appends the proxy", async () => {
      expect(
        await forwardedAs({ trustForwardedFor: 'loopback' }, '198.51.100.1, 203.0.113.7'),
      ).toBe('198.51.100.1, 203.0.113.7, 127.0.0.1');
      expect(await forwardedAs({ trustForwardedFor: true }, '203.0.113.7')).toBe(
        '203.0.113.7, 127.0.0.1',
      );
      expect(await forwardedAs({ trustForwardedFor: 'loopback' })).toBe('127.0.0.1');
    });

    it('with loopback, believes only a peer on this machine', () => {
      expect(forwardedFor('192.0.2.9', '203.0.113.7', 'loopback')).toBe('192.0.2.9');
      expect(forwardedFor('::1', '203.0.113.7', 'loopback')).toBe('203.0.113.7, ::1');
      expect(forwardedFor('::ffff:127.0.0.1', '203.0.113.7', 'loopback')).toBe(
        '203.0.113.7, ::ffff:127.0.0.1',
      );
      expect(forwardedFor('192.0.2.9', ['203.0.113.7', '198.51.100.1'], true)).toBe(
        '203.0.113.7, 198.51.100.1, 192.0.2.9',
      );
    });

    it('reads PUBLIC_ORIGIN as the origin a browser sends, and HOST_ADDRESS as the interface', () => {
      expect(suiteConfig({ HOST_PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
      expect(suiteConfig({ PUBLIC_ORIGIN: 'https://trekperu.example/' }).publicOrigin).toBe(
        'https://trekperu.example',
      );
      expect(suiteConfig({ PUBLIC_ORIGIN: 'https://trekperu.example:443' }).publicOrigin).toBe(
        'https://trekperu.example',
      );
      expect(() => suiteConfig({ PUBLIC_ORIGIN: 'trekperu.example' })).toThrow(/PUBLIC_ORIGIN/);
      expect(suiteConfig({}).hostAddress).toBe('127.0.0.1');
      expect(suiteConfig({ HOST_ADDRESS: '0.0.0.0' }).hostAddress).toBe('0.0.0.0');
    });

    it('reads HOST_TRUST_PROXY as false, loopback or true, and stops on anything else', () => {
      expect(suiteConfig({}).hostTrustProxy).toBe(false);
      expect(suiteConfig({ HOST_TRUST_PROXY: 'false' }).hostTrustProxy).toBe(false);
      expect(suiteConfig({ HOST_TRUST_PROXY: 'loopback' }).hostTrustProxy).toBe('loopback');
      expect(suiteConfig({ HOST_TRUST_PROXY: 'true' }).hostTrustProxy).toBe(true);
      expect(() => suiteConfig({ HOST_TRUST_PROXY: '2' })).toThrow(/HOST_TRUST_PROXY/);
      expect(() => parseForwardedForTrust('yes', '--trust-proxy')).toThrow(/--trust-proxy/);
    });
  });
});

import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAGE_SLOT_MARKUP,
  SAVED_ANSWERS_COOKIE,
  SESSION_COOKIE,
  STYLE_NONCE_PLACEHOLDER,
} from '../shared/src/contract/index.js';
import { startStaticServer } from './serve.mjs';
import { acceptsCoding } from './static-files.mjs';

const MAP = {
  wizard: 'http://localhost:3001/mf-manifest.json',
  projects: 'http://localhost:3002/mf-manifest.json',
  account: 'http://cdn.example/account/1.0.0-abc/mf-manifest.json',
  admin: 'http://localhost:3004/mf-manifest.json',
};
const INDEX = `<!doctype html><html><head><title>TrekPeru</title><script id="remote-map" type="application/json">${JSON.stringify(MAP)}</script></head><body><div id="root"></div></body></html>`;

let dir: string;
const closers: Array<() => Promise<void>> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-serve-'));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

async function serve(options: Omit<Parameters<typeof startStaticServer>[0], 'port' | 'dir'>) {
  const server = await startStaticServer({ dir, port: 0, ...options });
  closers.push(server.close);
  return server.url;
}

function file(path: string, content: string | Buffer) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('a served folder that changes on disk', () => {
  it('serves files added after start, answers 404 for deleted ones, and keeps running', async () => {
    file('static/js/old.js', 'old');
    const url = await serve({});
    expect(await (await fetch(`${url}/static/js/old.js`)).text()).toBe('old');

    file('static/js/new.js', 'new');
    unlinkSync(join(dir, 'static/js/old.js'));
    expect(await (await fetch(`${url}/static/js/new.js`)).text()).toBe('new');
    expect((await fetch(`${url}/static/js/old.js`)).status).toBe(404);

    // The whole folder replaced, as an in-place deploy does.
    rmSync(join(dir, 'static'), { recursive: true });
    file('static/js/newer.js', 'newer');
    expect((await fetch(`${url}/static/js/new.js`)).status).toBe(404);
    expect(await (await fetch(`${url}/static/js/newer.js`)).text()).toBe('newer');
  });

  it('answers 500 for a file that cannot be read, and goes on serving', async () => {
    file('ok.js', 'fine');
    // A symbolic link to itself: opening it fails with ELOOP, a read error like a failing disk.
    symlinkSync('loop.js', join(dir, 'loop.js'));
    const url = await serve({});
    const broken = await fetch(`${url}/loop.js`);
    expect(broken.status).toBe(500);
    expect(await broken.text()).toBe('The file could not be read.');
    expect(await (await fetch(`${url}/ok.js`)).text()).toBe('fine');
  });

  it('never serves what lies outside the folder, nor dotfiles', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'trek-outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    file('.env', 'SECRET=1');
    const url = await serve({});
    try {
      for (const path of [
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/.env',
        '/%00.js',
        '/%E0%A4%A',
      ]) {
        expect((await fetch(`${url}${path}`)).status, path).toBe(404);
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('caches hashed chunks for a year and revalidates the manifest and the remote entry', async () => {
    file('static/js/chunk.1a2b.js', 'chunk');
    file('mf-manifest.json', '{}');
    file('remoteEntry.js', 'entry');
    const url = await serve({});
    expect((await fetch(`${url}/static/js/chunk.1a2b.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/mf-manifest.json', '/remoteEntry.js']) {
      expect((await fetch(`${url}${path}`)).headers.get('cache-control'), path).toBe('no-cache');
    }
    // A versioned deploy keeps the same rules inside its folder.
    file('1.0.0-abc/static/js/x.js', 'x');
    file('1.0.0-abc/mf-manifest.json', '{}');
    expect((await fetch(`${url}/1.0.0-abc/static/js/x.js`)).headers.get('cache-control')).toContain(
      'immutable',
    );
    expect((await fetch(`${url}/1.0.0-abc/mf-manifest.json`)).headers.get('cache-control')).toBe(
      'no-cache',
    );
  });

  it('revalidates with an ETag and sends a precompressed copy to a browser that accepts it', async () => {
    file('app.js', 'plain');
    file('app.js.br', brotliCompressSync(Buffer.from('plain')));
    const url = await serve({});
    const compressed = await fetch(`${url}/app.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe('plain');
    const plain = await fetch(`${url}/app.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const etag = plain.headers.get('etag') ?? '';
    const again = await fetch(`${url}/app.js`, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    utimesSync(join(dir, 'app.js'), new Date(), new Date(Date.now() + 5000));
    const changed = await fetch(`${url}/app.js`, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
  });

  it('reads Accept-Encoding with its weights: a coding at q=0 is refused, * stands for the rest', async () => {
    file('app.js', 'plain');
    file('app.js.br', brotliCompressSync(Buffer.from('plain')));
    file('app.js.gz', gzipSync(Buffer.from('plain')));
    const url = await serve({});
    const codingFor = async (acceptEncoding: string) =>
      (
        await fetch(`${url}/app.js`, { headers: { 'accept-encoding': acceptEncoding } })
      ).headers.get('content-encoding');
    expect(await codingFor('br;q=0, gzip')).toBe('gzip');
    expect(await codingFor('gzip;q=0, br;q=0')).toBeNull();
    expect(await codingFor('*')).toBe('br');
    expect(await codingFor('br;q=0, *')).toBe('gzip');
    expect(await codingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptsCoding('BR;Q=0.5', 'br')).toBe(true);
    expect(acceptsCoding('br;q=0.000', 'br')).toBe(false);
    expect(acceptsCoding('', 'br')).toBe(false);
  });
});

describe('files of a build that are not for browsers', () => {
  it('serves a precompressed copy only for its original, never by its own name', async () => {
    file('index.html', INDEX);
    file('index.html.br', brotliCompressSync(Buffer.from(INDEX)));
    file('static/js/app.1.js.gz', Buffer.from([0x1f, 0x8b]));
    file('static/js/app.1.js', 'plain');
    const url = await serve({ spa: true, remoteMap: MAP });
    for (const path of ['/index.html.br', '/static/js/app.1.js.gz', '/INDEX.HTML.BR']) {
      const res = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe('Not found');
    }
    const page = await fetch(`${url}/index.html`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it("never serves a remote's build statistics, only its manifest", async () => {
    file('mf-manifest.json', '{}');
    file('mf-stats.json', '{"modules":[]}');
    file('mf-stats.json.br', brotliCompressSync(Buffer.from('{"modules":[]}')));
    const url = await serve({ corsOrigins: ['http://localhost:3000'] });
    expect((await fetch(`${url}/mf-manifest.json`)).status).toBe(200);
    const stats = await fetch(`${url}/mf-stats.json`, { headers: { 'accept-encoding': 'br' } });
    expect(stats.status).toBe(404);
    expect((await fetch(`${url}/mf-stats.json.br`)).status).toBe(404);
  });
});

describe("a remote's server", () => {
  it('compares the origin a browser sends, however the allowed one was written', async () => {
    file('mf-manifest.json', '{}');
    const url = await serve({
      corsOrigins: ['https://trekperu.example/', 'http://localhost:80'],
    });
    for (const origin of ['https://trekperu.example', 'http://localhost']) {
      const answer = await fetch(`${url}/mf-manifest.json`, { headers: { origin } });
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    await expect(serve({ corsOrigins: ['trekperu.example'] })).rejects.toThrow(/origin/);
  });

  it("lets the host's origin read its files, with GET and HEAD only", async () => {
    file('mf-manifest.json', '{}');
    const url = await serve({ corsOrigins: ['http://localhost:3000'] });
    const fromHost = await fetch(`${url}/mf-manifest.json`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(fromHost.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(fromHost.headers.get('vary')).toContain('Origin');
    const fromElsewhere = await fetch(`${url}/mf-manifest.json`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${url}/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('serves its standalone HTML page inert and unframeable', async () => {
    file('index.html', '<!doctype html><script src="/static/js/index.js"></script>');
    const url = await serve({ corsOrigins: ['http://localhost:3000'] });
    const page = await fetch(`${url}/index.html`);
    expect(directives(page.headers.get('content-security-policy'))).toMatchObject({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe("the servers' own answers", () => {
  const expectPlainAnswerHeaders = (res: Response, production: boolean) => {
    const what = `${res.status} of ${res.url}`;
    expect(res.headers.get('content-type'), what).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-security-policy'), what).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('referrer-policy'), what).toBe('same-origin');
    expect(res.headers.get('permissions-policy'), what).toContain('camera=()');
    expect(res.headers.get('strict-transport-security'), what).toBe(
      production ? 'max-age=63072000; includeSubDomains' : null,
    );
  };

  it('404, 405, 500 and 503 carry the security headers of the pages, HSTS in production', async () => {
    file('index.html', INDEX);
    const url = await serve({ spa: true, remoteMap: MAP, production: true });
    const missing = await fetch(`${url}/nope.js`);
    expect(missing.status).toBe(404);
    expectPlainAnswerHeaders(missing, true);
    const posted = await fetch(`${url}/landing`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expectPlainAnswerHeaders(posted, true);
    // A page that cannot be made (an index.html without its remote-map script) is a 500.
    file(
      'index.html',
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    const failed = await fetch(`${url}/landing`);
    expect(failed.status).toBe(500);
    expectPlainAnswerHeaders(failed, true);
    unlinkSync(join(dir, 'index.html'));
    const updating = await fetch(`${url}/landing`);
    expect(updating.status).toBe(503);
    expectPlainAnswerHeaders(updating, true);
  });

  it('an address too long for Node (a huge returnTo) is a 431 that says so, not an empty answer', async () => {
    file('index.html', INDEX);
    const url = await serve({ spa: true, remoteMap: MAP, production: true });
    const tooLong = await fetch(`${url}/sign-in?returnTo=/u/projects${'x'.repeat(20_000)}`);
    expect(tooLong.status).toBe(431);
    expectPlainAnswerHeaders(tooLong, true);
    expect(await tooLong.text()).toBe('This address is too long to open.\n');
    // The server goes on.
    expect((await fetch(`${url}/landing`)).status).toBe(200);
  });

  it("a file that cannot be read, and a remote's server's errors, too, HSTS only in production", async () => {
    symlinkSync('loop.js', join(dir, 'loop.js'));
    const url = await serve({ corsOrigins: ['http://localhost:3000'] });
    const broken = await fetch(`${url}/loop.js`);
    expect(broken.status).toBe(500);
    expectPlainAnswerHeaders(broken, false);
    const missing = await fetch(`${url}/nope.js`);
    expect(missing.status).toBe(404);
    expectPlainAnswerHeaders(missing, false);
  });

  it('static files are never sniffed nor framed, and carry HSTS in production', async () => {
    file('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const development = await fetch(`${await serve({ spa: true, remoteMap: MAP })}/favicon.svg`);
    const production = await fetch(
      `${await serve({ spa: true, remoteMap: MAP, production: true })}/favicon.svg`,
    );
    for (const res of [development, production]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(development.headers.get('strict-transport-security')).toBeNull();
    expect(production.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });
});

describe("the host's pages", () => {
  beforeEach(() => {
    file('index.html', INDEX);
    file('favicon.svg', '<svg/>');
  });

  it('carry a policy that allows scripts, styles and connections from the site and the remotes only', async () => {
    const url = await serve({ spa: true, remoteMap: MAP });
    const page = await fetch(`${url}/u/projects/42`);
    expect(page.status).toBe(200);
    const csp = directives(page.headers.get('content-security-policy'));
    const sources = [
      "'self'",
      'http://cdn.example',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3004',
    ];
    expect(csp['script-src']).toEqual(sources);
    expect(csp['connect-src']).toEqual(sources);
    expect(csp['img-src']).toEqual([...sources, 'data:', 'blob:']);
    expect(csp['style-src']?.slice(0, -1)).toEqual(sources);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // No inline script anywhere, not even with a nonce.
    expect(csp['script-src']?.join(' ')).not.toMatch(/unsafe|nonce/);

    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('permissions-policy')).toContain('geolocation=()');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it("give Mantine's style elements a fresh nonce on every page", async () => {
    const url = await serve({ spa: true, remoteMap: MAP });
    const nonces = [];
    for (let i = 0; i < 2; i += 1) {
      const page = await fetch(`${url}/landing`);
      const styleNonce = directives(page.headers.get('content-security-policy'))['style-src']?.at(
        -1,
      );
      const html = await page.text();
      const inPage = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
      expect(styleNonce).toBe(`'nonce-${inPage}'`);
      nonces.push(inPage);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("carry the markup prerendered for their route, with this answer's nonce and its style attributes allowed by hash only", async () => {
    const style = 'color: var(--mantine-color-dimmed)';
    const hash = createHash('sha256').update(style).digest('base64');
    file(
      'prerendered/landing.json',
      JSON.stringify({
        title: 'Welcome | TrekPeru',
        stylesheets: ['/static/css/async/bootstrap.abc.css'],
        styleHashes: [hash],
        html: `<style nonce="${STYLE_NONCE_PLACEHOLDER}">:root{}</style><main><h1 style="${style.replace(/"/g, '&quot;')}">Welcome</h1></main>`,
      }),
    );
    const url = await serve({ spa: true, remoteMap: MAP });

    const landing = await fetch(`${url}/landing`);
    const html = await landing.text();
    const csp = directives(landing.headers.get('content-security-policy'));
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(
      `<div id="root"><style nonce="${nonce}">:root{}</style><main><h1 style="${style}">Welcome</h1></main></div>`,
    );
    expect(html).not.toContain(STYLE_NONCE_PLACEHOLDER);
    expect(html).toContain('<title>Welcome | TrekPeru</title>');
    expect(html).toMatch(
      /<head>[\s\S]*<link rel="stylesheet" href="\/static\/css\/async\/bootstrap\.abc\.css">[\s\S]*<\/head>/,
    );
    expect(csp['style-src-attr']).toEqual(["'unsafe-hashes'", `'sha256-${hash}'`]);

    // A route with no file (here a project, whose id no file can name): the empty root, and
    // no style attribute allowed.
    const other = await fetch(`${url}/u/projects/3f2a9c1e-0000-4000-8000-000000000001`);
    expect(await other.text()).toContain('<div id="root"></div>');
    expect(
      directives(other.headers.get('content-security-policy'))['style-src-attr'],
    ).toBeUndefined();
  });

  it('find the file of a route of several segments, and of the root', async () => {
    const page = (text: string) =>
      JSON.stringify({ stylesheets: [], styleHashes: [], html: `<p>${text}</p>` });
    file('prerendered/u.projects.json', page('projects shell'));
    file('prerendered/_root.json', page('home shell'));
    const url = await serve({ spa: true, remoteMap: MAP });
    expect(await (await fetch(`${url}/u/projects`)).text()).toContain(
      '<div id="root"><p>projects shell</p></div>',
    );
    // Another path, as the route table's other readers see it; a route with no file too.
    expect(await (await fetch(`${url}/u/projects/`)).text()).toContain('<div id="root"></div>');
    expect(await (await fetch(`${url}/u/settings`)).text()).toContain('<div id="root"></div>');
    expect(await (await fetch(`${url}/`)).text()).toContain('<p>home shell</p>');
    // Without a title of its own, the page keeps the site's.
    expect(await (await fetch(`${url}/u/projects`)).text()).toContain('<title>TrekPeru</title>');
  });

  it("carry a remote page's own prerendered first screen in the frame, unless the browser has answers to resume", async () => {
    const frameStyle = 'height: 36px';
    const pageStyle = 'margin-bottom: var(--mantine-spacing-lg)';
    const hashOf = (style: string) => createHash('sha256').update(style).digest('base64');
    const frame = (inPlace: string) =>
      `<header>TrekPeru</header><main>${inPlace}</main><footer>Peru</footer>`;
    file(
      'prerendered/create-project.json',
      JSON.stringify({
        stylesheets: [],
        styleHashes: [hashOf(frameStyle)],
        html: frame(`<div role="status" style="${frameStyle}">Loading…</div>`),
        pageSlot: { page: 'wizard/RequestWizardPage', html: frame(PAGE_SLOT_MARKUP) },
      }),
    );
    // The wizard's own server, with the markup its build wrote beside its manifest.
    const remoteDir = mkdtempSync(join(tmpdir(), 'trek-remote-'));
    const writeFragment = (css: string) => {
      mkdirSync(join(remoteDir, 'prerendered'), { recursive: true });
      writeFileSync(
        join(remoteDir, 'prerendered/RequestWizardPage.json'),
        JSON.stringify({
          title: 'Create your trek request | TrekPeru',
          css,
          styleHashes: [hashOf(pageStyle)],
          html: `<style nonce="${STYLE_NONCE_PLACEHOLDER}">.r{}</style><h1 style="${pageStyle}">Create your trek request</h1>`,
        }),
      );
    };
    writeFragment('.layout-x{display:grid}');
    writeFileSync(join(remoteDir, 'mf-manifest.json'), '{"exposes":[]}');
    const remote = await startStaticServer({ dir: remoteDir, port: 0 });
    closers.push(async () => {
      await remote.close();
      rmSync(remoteDir, { recursive: true, force: true });
    });
    const url = await serve({
      spa: true,
      remoteMap: { ...MAP, wizard: `${remote.url}/mf-manifest.json` },
      // However busy the machine, the first read is waited for.
      firstRemoteReadWaitMs: 60_000,
    });

    // The page's markup in the frame from the first page after a start (its first read is
    // waited for a moment), inert until the page's code replaces it.
    const page = await fetch(`${url}/create-project`);
    const html = await page.text();
    expect(html).toContain('data-prerendered-page');
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(
      `<div id="root">${frame(`<div data-prerendered-page="wizard/RequestWizardPage" inert aria-busy="true"><style nonce="${nonce}">.r{}</style><h1 style="${pageStyle}">Create your trek request</h1></div>`)}</div>`,
    );
    expect(html.slice(0, html.indexOf('</head>'))).toContain(
      `<style nonce="${nonce}">.layout-x{display:grid}</style>`,
    );
    expect(html).toContain('<title>Create your trek request | TrekPeru</title>');
    expect(html).not.toContain(STYLE_NONCE_PLACEHOLDER);
    expect(directives(page.headers.get('content-security-policy'))['style-src-attr']).toEqual([
      "'unsafe-hashes'",
      ...[hashOf(frameStyle), hashOf(pageStyle)].sort().map((hash) => `'sha256-${hash}'`),
    ]);
    expect(page.headers.get('vary')).toContain('Cookie');

    // Answers saved in this browser: the wizard resumes at their step, so the frame alone.
    const resuming = await fetch(`${url}/create-project`, {
      headers: { cookie: `other=1; ${SAVED_ANSWERS_COOKIE}=1` },
    });
    const resumingHtml = await resuming.text();
    expect(resumingHtml).toContain('Loading…');
    expect(resumingHtml).not.toContain('data-prerendered-page');

    // A sign-in's return that brings answers back: the wizard resumes them, so the frame alone.
    const returning = await (await fetch(`${url}/create-project?auth=success&formData=e30`)).text();
    expect(returning).not.toContain('data-prerendered-page');

    // Styles that would close their element: the remote's markup is not used.
    writeFragment('</style><script>alert(1)</script>');
    await vi.waitFor(
      async () => {
        const text = await (await fetch(`${url}/create-project`)).text();
        expect(text).not.toContain('data-prerendered-page');
        expect(text).toContain('Loading…');
      },
      { timeout: 8000, interval: 250 },
    );
  }, 15_000);

  it("preload the user's read on every page, and a signed-in page's first API read only for a request that carries a session", async () => {
    const url = await serve({ spa: true, remoteMap: MAP });
    const read = 'href="/api/projects?limit=100"';
    const page = async (cookie?: string) =>
      (await fetch(`${url}/u/projects`, cookie ? { headers: { cookie } } : {})).text();
    expect(await page(`${SESSION_COOKIE.development}=abc`)).toContain(read);
    expect(await page(`other=1; ${SESSION_COOKIE.production}=abc`)).toContain(read);
    expect(await page('trek_session_old=abc')).not.toContain(read);
    expect(await page()).not.toContain(read);
    // The user, which every page reads first, signed in or not, at an address of its own time.
    for (const path of ['/u/projects', '/landing']) {
      const html = await (await fetch(`${url}${path}`)).text();
      expect(html).toMatch(
        /<link rel="preload" as="fetch" crossorigin="use-credentials" href="\/api\/auth\/user\?t=\d{13}">/,
      );
    }
  });

  it("preload federation's runtime only in a page that shows a remote", async () => {
    const hint =
      '<link href="/static/js/async/federation.0a1b2c3d4e.js" rel="preload" as="script">';
    file('index.html', INDEX.replace('</head>', `${hint}</head>`));
    const url = await serve({ spa: true, remoteMap: MAP });
    for (const path of ['/u/projects', '/u/projects/7', '/create-project', '/admin/guides']) {
      expect(await (await fetch(`${url}${path}`)).text(), path).toContain(hint);
    }
    for (const path of ['/landing', '/sign-in', '/no-such-page']) {
      expect(await (await fetch(`${url}${path}`)).text(), path).not.toContain('federation.');
    }
  });

  it('ignore a prerendered file of another shape, and are served as the scripts render them', async () => {
    file(
      'prerendered/landing.json',
      JSON.stringify({ html: '<h1>x</h1>', styleHashes: ["'unsafe-inline'"], stylesheets: [] }),
    );
    const url = await serve({ spa: true, remoteMap: MAP });
    const landing = await fetch(`${url}/landing`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<div id="root"></div>');
    expect(
      directives(landing.headers.get('content-security-policy'))['style-src-attr'],
    ).toBeUndefined();
  });

  it('are sent compressed, brotli first, with the encoding in Vary', async () => {
    const url = await serve({ spa: true, remoteMap: MAP });
    const raw = (accept: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolveRaw, reject) => {
        // fetch() decodes bodies; read what went over the wire instead.
        http
          .get(`${url}/landing`, { headers: { 'accept-encoding': accept } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolveRaw({
                encoding: res.headers['content-encoding'],
                vary: res.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toContain('<div id="root">');
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<div id="root">');
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('<div id="root">');
  });

  it('add HSTS in production', async () => {
    const url = await serve({ spa: true, remoteMap: MAP, production: true });
    expect((await fetch(`${url}/landing`)).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });

  it('carry the remote map file as it is now: an edit is served at once, a broken edit never', async () => {
    const mapFile = join(dir, 'remote-map.json');
    writeFileSync(mapFile, JSON.stringify(MAP));
    const url = await serve({ spa: true, remoteMapFile: mapFile });
    const mapIn = async () => {
      const page = await fetch(`${url}/create-project`);
      const html = await page.text();
      return {
        map: JSON.parse(
          /<script id="remote-map" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ??
            '{}',
        ),
        scripts: directives(page.headers.get('content-security-policy'))['script-src'],
      };
    };
    expect((await mapIn()).map).toEqual(MAP);

    const rolledForward = {
      ...MAP,
      projects: 'https://cdn.example/projects/1.1.0-def/mf-manifest.json',
    };
    writeFileSync(mapFile, JSON.stringify(rolledForward));
    const after = await mapIn();
    expect(after.map).toEqual(rolledForward);
    expect(after.scripts).toContain('https://cdn.example');
    expect(after.scripts).not.toContain('http://localhost:3002');

    writeFileSync(mapFile, '{"projects": "not a url"');
    expect((await mapIn()).map).toEqual(rolledForward);
    writeFileSync(mapFile, JSON.stringify({ ...MAP, projets: MAP.projects }));
    expect((await mapIn()).map).toEqual(rolledForward);
    unlinkSync(mapFile);
    expect((await mapIn()).map).toEqual(rolledForward);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('the last good map stays'));

    writeFileSync(mapFile, JSON.stringify(MAP));
    expect((await mapIn()).map).toEqual(MAP);
  });

  it('escapes the map so a URL can never close its script element', async () => {
    const url = await serve({
      spa: true,
      remoteMap: { ...MAP, admin: 'http://localhost:3004/</script><script>alert(1)</script>' },
    });
    const html = await (await fetch(`${url}/landing`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('answer a path of no page with the app (its not-found page) and 404', async () => {
    const url = await serve({ spa: true, remoteMap: MAP });
    const missing = await fetch(`${url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await missing.text()).toContain('<div id="root">');
    expect((await fetch(`${url}/u/projects/42/edit`)).status).toBe(200);
    expect((await fetch(`${url}/`)).status).toBe(200);
    // The build's own file name is no page of the site either: the app shows Trail Not Found.
    const file = await fetch(`${url}/index.html`);
    expect(file.status).toBe(404);
    expect(await file.text()).toContain('<div id="root">');
  });

  it('serve their static files, and 404 for a missing file rather than the page', async () => {
    const url = await serve({ spa: true, remoteMap: MAP });
    expect((await fetch(`${url}/favicon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${url}/static/js/gone.123.js`)).status).toBe(404);
  });

  it('say the site is being updated while index.html is missing, and recover', async () => {
    const url = await serve({ spa: true, remoteMap: MAP });
    unlinkSync(join(dir, 'index.html'));
    expect((await fetch(`${url}/landing`)).status).toBe(503);
    file('index.html', INDEX);
    expect((await fetch(`${url}/landing`)).status).toBe(200);
  });
});

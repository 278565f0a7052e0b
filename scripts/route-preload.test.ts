import { describe, expect, it, vi } from 'vitest';
import {
  createRemoteJsonCache,
  createRoutePreloader,
  MANIFEST_TTL_MS,
  MISSING_TTL_MS,
  pageAssetsOf,
} from './route-preload.mjs';

const MAP = {
  wizard: 'http://cdn.example/wizard/1.0.0-abc/mf-manifest.json',
  projects: 'http://localhost:3002/mf-manifest.json',
};
const manifest = {
  exposes: [
    {
      name: 'ProjectDetailPage',
      assets: {
        js: { sync: ['static/js/async/detail.1.js'] },
        css: { sync: ['static/css/async/detail.1.css'] },
      },
    },
  ],
};

describe('preload hints of a page', () => {
  it('come without the page’s files when the manifest is not of the build’s shape, never failing the page', async () => {
    for (const bad of [
      { exposes: {} },
      { exposes: 'x' },
      { exposes: [null, 7] },
      { exposes: [{ name: 'ProjectDetailPage', assets: { js: { sync: {} }, css: 'x' } }] },
      { exposes: [{ name: 'ProjectDetailPage', assets: { js: { sync: ['a.js', 3] } } }] },
      null,
      'manifest',
    ]) {
      expect(pageAssetsOf(bad, 'ProjectDetailPage'), JSON.stringify(bad)).toEqual({
        js: [],
        css: [],
      });
      const hints = createRoutePreloader({ fetchImpl: async () => Response.json(bad) });
      const page = await hints('/u/projects/42', MAP);
      expect(page).toContain('remoteEntry.js');
      expect(page).not.toContain('static/js');
    }
    // A file name no URL can be made of is left out; the others stay.
    const unresolvable = {
      exposes: [{ name: 'ProjectDetailPage', assets: { js: { sync: ['http://[x', 'ok.js'] } } }],
    };
    const hints = createRoutePreloader({ fetchImpl: async () => Response.json(unresolvable) });
    const page = await hints('/u/projects/42', MAP);
    expect(page).toContain('href="http://localhost:3002/ok.js"');
    expect(page).not.toContain('[x');
    expect(pageAssetsOf(manifest, 'ProjectDetailPage')).toEqual({
      js: ['static/js/async/detail.1.js'],
      css: ['static/css/async/detail.1.css'],
    });
  });

  it('name the remote page’s manifest, entry and chunks, and read the manifest again after its few seconds', async () => {
    let clock = 0;
    const fetchImpl = vi.fn(async () => Response.json(manifest));
    const hints = createRoutePreloader({ fetchImpl, now: () => clock });

    const first = await hints('/u/projects/42', MAP);
    expect(first).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="http://localhost:3002/mf-manifest.json">',
    );
    expect(first).toContain(
      '<link rel="preload" as="script" href="http://localhost:3002/remoteEntry.js">',
    );
    // The first page after a start waited for the manifest's first answer.
    expect(first).toContain('href="http://localhost:3002/static/js/async/detail.1.js"');
    expect(first).toContain(
      'as="style" href="http://localhost:3002/static/css/async/detail.1.css"',
    );

    expect(await hints('/u/projects/42', MAP)).toBe(first);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    // A redeploy is picked up once the manifest's few seconds are over.
    clock += MANIFEST_TTL_MS + 1;
    await hints('/u/projects/42', MAP);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('wait for a manifest’s first answer only a moment', async () => {
    const fetchImpl = vi.fn(() => new Promise<Response>(() => {}));
    const hints = createRoutePreloader({ fetchImpl, firstReadWaitMs: 20 });

    // No answer in time: the pages go out with what does not need the manifest.
    const pages = await Promise.all([hints('/u/projects/42', MAP), hints('/u/projects/42', MAP)]);
    for (const page of pages) {
      expect(page).toContain('remoteEntry.js');
      expect(page).not.toContain('detail.1.js');
    }
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('never wait for a manifest read again after its first answer', async () => {
    let clock = 0;
    const answers: Array<(response: Response) => void> = [];
    const fetchImpl = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    );
    // A wait longer than the test's own time limit: a page that waited would fail the test.
    const hints = createRoutePreloader({ fetchImpl, now: () => clock, firstReadWaitMs: 60_000 });

    const first = hints('/u/projects/42', MAP);
    answers[0]?.(Response.json(manifest));
    expect(await first).toContain('detail.1.js');

    // Read again in the background, with no answer yet: the page goes out with what is known.
    clock += MANIFEST_TTL_MS + 1;
    expect(await hints('/u/projects/42', MAP)).toContain('detail.1.js');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('say nothing for a host page, an unmapped remote or a path no route matches', async () => {
    const fetchImpl = vi.fn(async () => Response.json(manifest));
    const hints = createRoutePreloader({ fetchImpl });
    expect(await hints('/landing', MAP)).toBe('');
    expect(await hints('/u/settings', MAP)).toBe('');
    expect(await hints('/u/projects/42/nothing', MAP)).toBe('');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("name a signed-in page's first API read, asked with the cookies as fetch() asks, only with a session", async () => {
    const hints = createRoutePreloader({ fetchImpl: vi.fn(async () => Response.json(manifest)) });
    const read =
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/projects?limit=100">';
    expect(await hints('/u/projects', MAP, { signedIn: true })).toContain(read);
    expect(await hints('/u/projects', MAP, { signedIn: false })).not.toContain(read);
    expect(await hints('/u/projects', MAP)).not.toContain(read);
    expect(await hints('/u/projects/42', MAP, { signedIn: true })).not.toContain('/api/');
  });

  it('keep the page going when a manifest cannot be read', async () => {
    const fetchImpl = vi.fn(async () => new Response('', { status: 503 }));
    const hints = createRoutePreloader({ fetchImpl });
    expect(await hints('/create-project', MAP)).toContain('remoteEntry.js');
    expect(fetchImpl).toHaveBeenCalled();
    expect(await hints('/create-project', MAP)).toContain('remoteEntry.js');
  });
});

describe('files read from the remotes', () => {
  it('ask again for a missing file (404) only after a minute, for a failing remote after seconds', async () => {
    let clock = 0;
    let status = 404;
    const fetchImpl = vi.fn(async () => new Response('', { status }));
    const read = createRemoteJsonCache({ fetchImpl, now: () => clock });
    const url = 'http://localhost:3002/prerendered/ProjectsPage.json';

    // Later reads go on in the background; each is let finish before the clock moves on.
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    expect(await read(url)).toBeUndefined();
    clock += MANIFEST_TTL_MS + 1;
    await read(url);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    clock += MISSING_TTL_MS;
    await read(url);
    await settled();
    expect(fetchImpl).toHaveBeenCalledTimes(2);

    // A remote answering 503 (restarting, say) is asked again as soon as a manifest would be.
    status = 503;
    clock += MISSING_TTL_MS + 1;
    await read(url);
    await settled();
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    clock += MANIFEST_TTL_MS + 1;
    await read(url);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });
});

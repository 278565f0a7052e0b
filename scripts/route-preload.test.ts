import { describe, expect, it, vi } from 'vitest';
import { createRoutePreloader, MANIFEST_TTL_MS } from './route-preload.mjs';

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
  it('name the remote page’s manifest and entry at once, then its chunks once the manifest is known', async () => {
    let clock = 0;
    const fetchImpl = vi.fn(async () => Response.json(manifest));
    const hints = createRoutePreloader({ fetchImpl, now: () => clock });

    const first = hints('/u/projects/42', MAP);
    expect(first).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="http://localhost:3002/mf-manifest.json">',
    );
    expect(first).toContain(
      '<link rel="preload" as="script" href="http://localhost:3002/remoteEntry.js">',
    );
    expect(first).not.toContain('detail.1.js');
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));

    const second = hints('/u/projects/42', MAP);
    expect(second).toContain('href="http://localhost:3002/static/js/async/detail.1.js"');
    expect(second).toContain(
      'as="style" href="http://localhost:3002/static/css/async/detail.1.css"',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    // A redeploy is picked up once the manifest's few seconds are over.
    clock += MANIFEST_TTL_MS + 1;
    hints('/u/projects/42', MAP);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('say nothing for a host page, an unmapped remote or a path no route matches', () => {
    const fetchImpl = vi.fn(async () => Response.json(manifest));
    const hints = createRoutePreloader({ fetchImpl });
    expect(hints('/landing', MAP)).toBe('');
    expect(hints('/u/settings', MAP)).toBe('');
    expect(hints('/u/projects/42/nothing', MAP)).toBe('');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("name a signed-in page's first API read, asked with the cookies as fetch() asks, only with a session", () => {
    const hints = createRoutePreloader({ fetchImpl: vi.fn(async () => Response.json(manifest)) });
    const read =
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/projects?limit=100">';
    expect(hints('/u/projects', MAP, { signedIn: true })).toContain(read);
    expect(hints('/u/projects', MAP, { signedIn: false })).not.toContain(read);
    expect(hints('/u/projects', MAP)).not.toContain(read);
    expect(hints('/u/projects/42', MAP, { signedIn: true })).not.toContain('/api/');
  });

  it('keep the page going when a manifest cannot be read', async () => {
    const fetchImpl = vi.fn(async () => new Response('', { status: 503 }));
    const hints = createRoutePreloader({ fetchImpl });
    hints('/create-project', MAP);
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalled());
    expect(hints('/create-project', MAP)).toContain('remoteEntry.js');
  });
});

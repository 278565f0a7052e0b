import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { createRsbuild } from '@rsbuild/core';
import { afterAll, describe, expect, it } from 'vitest';
import { publicEnvDefines } from './public-env';

// A path in a variable: Vite (the tests) rewrites `new URL('literal', import.meta.url)`.
const siteModulePath = '../src/site.ts';
const SITE_MODULE = fileURLToPath(new URL(siteModulePath, import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * Builds, for the browser, a page that reads the marketing site's address, with `env` as the
 * build's environment; then runs it where a browser runs it, with no `process`.
 */
async function marketingUrlInTheBrowser(env: NodeJS.ProcessEnv): Promise<unknown> {
  const root = mkdtempSync(join(tmpdir(), 'trek-public-env-'));
  folders.push(root);
  writeFileSync(
    join(root, 'index.js'),
    `import { SITE } from ${JSON.stringify(SITE_MODULE)};\nglobalThis.seen = SITE.marketingUrl;\n`,
  );
  const rsbuild = await createRsbuild({
    cwd: root,
    loadEnv: false,
    rsbuildConfig: {
      source: { entry: { index: './index.js' }, define: publicEnvDefines(env) },
      logLevel: 'error',
      output: { target: 'web', minify: false, filenameHash: false, sourceMap: false },
      html: { template: undefined },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      tools: { htmlPlugin: false },
    },
  });
  await rsbuild.build();
  const jsFolder = join(root, 'dist', 'static', 'js');
  const context: { seen?: unknown } = {};
  for (const file of readdirSync(jsFolder).filter((name) => name.endsWith('.js'))) {
    runInNewContext(readFileSync(join(jsFolder, file), 'utf8'), context);
  }
  return context.seen;
}

describe('PUBLIC_MARKETING_SITE_URL in the browser code', () => {
  it('is the address the build was given', async () => {
    expect(
      await marketingUrlInTheBrowser({ PUBLIC_MARKETING_SITE_URL: 'https://www.custom.example/' }),
    ).toBe('https://www.custom.example');
  }, 60_000);

  it('is the default when the build was given none', async () => {
    expect(await marketingUrlInTheBrowser({})).toBe('https://trekperu.example');
  }, 60_000);
});

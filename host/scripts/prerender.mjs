// @ts-check
/**
 * After `rsbuild build`: builds src/prerender/ for Node and writes the markup of each route of one
 * fixed URL, with the stylesheets it needs, beside the build's index.html (dist/, or
 * dist-monolith/ for the yardstick), in prerendered/ (/landing as landing.json). The site's
 * server puts it in the page it sends for that URL (scripts/serve.mjs), so the page paints before
 * its scripts arrive
 * (docs/decisions/0007-what-the-browser-receives.md).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prerenderedFileOf } from '@trek/shared/contract';

const HOST = join(import.meta.dirname, '..');
const outDir = join(HOST, process.env.TREK_HOST_BUILD === 'monolith' ? 'dist-monolith' : 'dist');

// Rsbuild's own script with this Node: pnpm may not be on the PATH (npx runs it on a machine
// that could not install it globally, scripts/toolchain.mjs).
execFileSync(process.execPath, [join(HOST, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
  cwd: HOST,
  env: { ...process.env, TREK_HOST_BUILD: 'prerender' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const { PRERENDERED_PATHS, renderRoute } = await import(
  pathToFileURL(join(HOST, 'dist-prerender/prerender.mjs')).href
);

// The app's stylesheets the page only preloads (its scripts apply them): applied at once here,
// since the markup arrives before the scripts.
const index = readFileSync(join(outDir, 'index.html'), 'utf8');
const stylesheets = [...index.matchAll(/<link\b[^>]*>/g)]
  .map(([tag]) => tag)
  .filter((tag) => /\brel="preload"/.test(tag) && /\bas="style"/.test(tag))
  .map((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1])
  .filter((href) => href !== undefined);

const folder = join(outDir, 'prerendered');
mkdirSync(folder, { recursive: true });
for (const path of /** @type {string[]} */ (PRERENDERED_PATHS)) {
  const file = prerenderedFileOf(path);
  if (!file) throw new Error(`${path}: the server would not look up a prerendered file for it`);
  const rendered = await renderRoute(path);
  // The page's title and meta elements come first (React puts them in the head in the browser);
  // the title replaces the page's own, the rest is left to the browser's render.
  const head = /^(?:<title>([^<]*)<\/title>)?((?:<meta\b[^>]*\/>)*)/.exec(rendered);
  const title = head?.[1] === undefined ? undefined : decodeEntities(head[1]);
  const html = rendered.slice(head?.[0].length ?? 0);

  // Mantine writes style attributes, which the page's policy allows only by their hashes
  // (docs/decisions/0004-page-security-headers.md); the server lists these for this page.
  const styleHashes = [
    ...new Set(
      [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value = '']) =>
        createHash('sha256').update(decodeEntities(value)).digest('base64'),
      ),
    ),
  ].sort();

  writeFileSync(join(folder, file), JSON.stringify({ title, stylesheets, styleHashes, html }));
  console.log(
    `prerendered ${path}: ${html.length} characters, ${stylesheets.length} stylesheet(s), ${styleHashes.length} style attribute(s)`,
  );
}

/**
 * An attribute's value as the browser reads it (React escapes these five).
 * @param {string} value
 */
function decodeEntities(value) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

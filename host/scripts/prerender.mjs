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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { splitHead, styleAttributeHashes } from '@trek/shared/build/markup';
import { prerenderedFileOf, remoteRouteOf } from '@trek/shared/contract';

const HOST = join(import.meta.dirname, '..');
const outDir = join(HOST, process.env.TREK_HOST_BUILD === 'monolith' ? 'dist-monolith' : 'dist');

// Rsbuild's own script with this Node: pnpm may not be on the PATH (npx runs it on a machine
// that could not install it globally, scripts/toolchain.mjs).
execFileSync(process.execPath, [join(HOST, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
  cwd: HOST,
  env: { ...process.env, TREK_HOST_BUILD: 'prerender' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const { PAGE_SLOT_MARKUP, PRERENDERED_PATHS, renderRoute } = await import(
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
  // The page's title and meta elements come first (React puts them in the head in the browser);
  // the title replaces the page's own, the rest is left to the browser's render.
  const { title, html } = splitHead(await renderRoute(path));
  // Mantine writes style attributes, which the page's policy allows only by their hashes
  // (docs/decisions/0004-page-security-headers.md); the server lists these for this page.
  const styleHashes = styleAttributeHashes(html);
  // A remote page's place, marked, for the server to put that page's own markup in when its
  // remote's build made one (scripts/page-fragments.mjs). A page behind sign-in shows no place
  // for it until the user is known.
  const route = remoteRouteOf(path);
  const slotted = route && splitHead(await renderRoute(path, { pageSlot: true })).html;
  const marks = slotted ? slotted.split(PAGE_SLOT_MARKUP).length - 1 : 0;
  if (marks > 1) throw new Error(`${path}: the remote page's place is marked ${marks} times`);
  const pageSlot =
    route && slotted && marks === 1
      ? { page: `${route.remote}/${route.page}`, html: slotted }
      : undefined;

  writeFileSync(
    join(folder, file),
    JSON.stringify({ title, stylesheets, styleHashes, html, pageSlot }),
  );
  console.log(
    `prerendered ${path}: ${html.length} characters, ${stylesheets.length} stylesheet(s), ${styleHashes.length} style attribute(s)`,
  );
}

// @ts-check
/**
 * After a remote's `rsbuild build` (run in the remote's folder, with the build's folder if it is
 * not dist/): builds its src/prerender.tsx for
 * Node and writes, for each page it names, the markup a visitor nothing is known about first sees
 * into the build's prerendered/ folder (the contract's prerenderedPageFileOf), with the styles it
 * needs before any script runs and the hashes of its style attributes. The host's server puts it
 * in the page it sends (scripts/route-preload.mjs), so the page's content paints before its
 * scripts have arrived (docs/decisions/0007-what-the-browser-receives.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prerenderedPageFileOf } from '../src/contract/index.js';
import { splitHead, styleAttributeHashes } from './markup.mjs';

const REMOTE = process.cwd();
/** The build to write into: dist/, or the folder given (a deploy's fresh build). */
const dist = resolve(process.argv[2] ?? join(REMOTE, 'dist'));

// Rsbuild's own script with this Node: pnpm may not be on the PATH (scripts/toolchain.mjs).
execFileSync(
  process.execPath,
  [join(REMOTE, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'],
  {
    cwd: REMOTE,
    env: { ...process.env, TREK_REMOTE_BUILD: 'prerender' },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const { PRERENDERED_PAGES } = /** @type {{ PRERENDERED_PAGES: Record<string, () => string> }} */ (
  await import(pathToFileURL(join(REMOTE, 'dist-prerender/prerender.mjs')).href)
);

/** @type {{ exposes: Array<{ name: string, assets: { css: { sync: string[] } } }> }} */
const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
const mantineStyles = mantineComponentStyles();

for (const [page, render] of Object.entries(PRERENDERED_PAGES)) {
  const expose = manifest.exposes.find((entry) => entry.name === page);
  if (!expose) throw new Error(`${page}: this remote's manifest exposes no such page`);
  const { title, html } = splitHead(render());

  // Before the scripts run nothing applies the page's own stylesheets, nor those of the Mantine
  // components the host's first stylesheet does not carry: they go in the page with the markup.
  const classes = new Set(html.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
  const css = [...mantineStyles.filter((style) => style.classes.some((name) => classes.has(name)))]
    .map((style) => style.css)
    .concat(expose.assets.css.sync.map((file) => readFileSync(join(dist, file), 'utf8')))
    .join('\n');
  if (/<\/style/i.test(css)) throw new Error(`${page}: its styles would close their element`);
  // The page's own classes (its CSS Modules) must be styled by what goes with it: one whose rules
  // sit in a chunk the page loads later would show unstyled until the scripts run.
  const unstyled = [...new Set(html.match(/(?<=\sclass="[^"]*)[^\s"]+/g) ?? [])].filter(
    (name) => !/^(?:m_|mantine-|__m__)/.test(name) && !css.includes(`.${name}`),
  );
  if (unstyled.length > 0) {
    throw new Error(`${page}: no style goes with the class(es) ${unstyled.join(', ')}`);
  }

  const styleHashes = styleAttributeHashes(html);

  const file = join(dist, prerenderedPageFileOf(page));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ title, css, styleHashes, html }));
  console.log(
    `prerendered ${page}: ${html.length} characters of markup, ${css.length} of styles, ${styleHashes.length} style attribute(s)`,
  );
}

/**
 * Mantine's per-component style sheets, except those of the shell slice, which the host's first
 * stylesheet already applies (its imports in src/ui/mantine/shell.ts), each with the classes it
 * styles.
 */
function mantineComponentStyles() {
  const require = createRequire(join(REMOTE, 'package.json'));
  const folder = join(dirname(require.resolve('@mantine/core')), '../styles');
  const stylesDir = existsSync(folder) ? folder : join(REMOTE, 'node_modules/@mantine/core/styles');
  const shell = readFileSync(join(import.meta.dirname, '../src/ui/mantine/shell.ts'), 'utf8');
  const inShell = new Set(
    [...shell.matchAll(/@mantine\/core\/styles\/([\w-]+)\.layer\.css/g)].map(([, name]) => name),
  );
  return readdirSync(stylesDir)
    .filter((file) => file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.layer.css'.length))
    .filter((name) => !inShell.has(name) && /^[A-Z]/.test(name))
    .map((name) => {
      const css = readFileSync(join(stylesDir, `${name}.layer.css`), 'utf8');
      return { css, classes: [...new Set(css.match(/\bm_[0-9a-f]{8}\b/g) ?? [])] };
    });
}

import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import sharedPackage from '../package.json';
import { exportedNames, referencesOf, sourceFiles } from '../testing/source-modules';
import { SHARED_PACKAGE_NAME } from './contract/index.js';
import { LIBRARY_SLICES } from './module-federation';

const WORKSPACE = join(import.meta.dirname, '../..');
const REMOTES = readdirSync(WORKSPACE)
  .filter((name) => name.startsWith('mfe-'))
  .map((name) => `${name}/src`);
/** What the browser builds bundle: each package's sources, tests aside (they import the packages). */
const SOURCES = ['host/src', 'shared/src', ...REMOTES];
/** Built for Node only (the prerendered pages), where the packages are themselves. */
const NODE_ONLY = new Set(['shared/src/ui/page-fragment.tsx']);

/** Each browser-bundled source file, relative to the workspace, with what it imports. */
const bundled = SOURCES.flatMap((folder) => sourceFiles(join(WORKSPACE, folder)))
  .map((file) => ({
    file: relative(WORKSPACE, file).replaceAll('\\', '/'),
    references: referencesOf(file),
  }))
  .filter(({ file }) => !NODE_ONLY.has(file));

/**
 * The libraries shared as the parts the suite uses: the slice module that holds those parts (its
 * file, by package.json's exports) and the package import it takes them from.
 */
const SLICES = Object.entries(LIBRARY_SLICES).map(([library, module]) => {
  const exported: Record<string, string> = sharedPackage.exports;
  const imports: Record<string, string> = sharedPackage.imports;
  const slice = exported[`.${module.slice(SHARED_PACKAGE_NAME.length)}`] ?? '';
  const from = Object.keys(imports).find((name) => imports[name] === library) ?? '';
  return { library, slice: join('..', slice), from };
});

/** Value names the browser builds import from `library`, with a file each. */
function namesImported(library: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const { file, references } of bundled) {
    for (const reference of references.filter(({ from }) => from === library)) {
      expect(reference.whole, `${file} imports all of ${library}`).toBe(false);
      for (const name of reference.values) names.set(name, file);
    }
  }
  return names;
}

/** The value names a slice exports (what the builds' imports of the library get). */
function sliceExports(slice: string): string[] {
  return exportedNames(join(import.meta.dirname, slice)).filter(
    (name) => !name.startsWith('type '),
  );
}

/** The library's names a slice takes, under whatever name it gives them. */
function namesTaken(slice: string, from: string): string[] {
  return referencesOf(join(import.meta.dirname, slice))
    .filter((reference) => reference.from === from)
    .flatMap((reference) => reference.values);
}

describe.each(SLICES)('$library, shared as $slice', ({ library, slice, from }) => {
  it('holds every name the browser builds import from the library', () => {
    const exported = new Set(sliceExports(slice));
    const imported = namesImported(library);
    expect(imported.size).toBeGreaterThan(0);
    const missing = [...imported]
      .filter(([name]) => !exported.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('re-exports only names the library has, under their own names, and each once', async () => {
    const names = sliceExports(slice);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    expect(namesTaken(slice, from)).toEqual(names);
    const real: Record<string, unknown> = await import(library);
    expect(names.filter((name) => real[name] === undefined)).toEqual([]);
  });
});

describe('zod in the remotes', () => {
  it('is only ever imported for types: their schemas are built by @trek/shared, with the page’s one zod', () => {
    // zod is not shared (a shared library is not tree-shaken): a remote importing a value from it
    // would bundle its own copy, and the browser would load a second zod when the page uses it.
    const remoteFiles = bundled.filter(({ file }) => REMOTES.some((dir) => file.startsWith(dir)));
    expect(remoteFiles.length).toBeGreaterThan(0);
    const offenders = remoteFiles
      .filter(({ references }) =>
        references.some(
          ({ from, values, whole }) =>
            (from === 'zod' || from.startsWith('zod/')) && (whole || values.length > 0),
        ),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});

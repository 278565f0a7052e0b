import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WORKSPACE = join(import.meta.dirname, '../..');
/** What the browser builds bundle: each package's sources, tests aside (they import the packages). */
const SOURCES = ['host/src', 'shared/src'].concat(
  readdirSync(WORKSPACE)
    .filter((name) => name.startsWith('mfe-'))
    .map((name) => `${name}/src`),
);
/** Built for Node only (the prerendered pages), where the packages are themselves. */
const NODE_ONLY = new Set(['shared/src/ui/page-fragment.tsx']);

/** The libraries shared as the parts the suite uses, and the module that holds those parts. */
const SLICES = [
  { library: 'react-router-dom', slice: 'routing/router.ts', from: '#react-router-dom' },
  {
    library: '@tanstack/react-query',
    slice: 'query/react-query.ts',
    from: '#tanstack-react-query',
  },
] as const;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Value names the browser builds import from `library` (types are erased), with a file each. */
function namesImported(library: string): Map<string, string> {
  const imports = new RegExp(
    `import\\s*(type\\s+)?\\{([^}]*)\\}\\s*from\\s*["']${literal(library)}["']`,
    'g',
  );
  const names = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(WORKSPACE, folder))) {
      const path = `${folder}/${entry}`;
      if (entry === 'node_modules' || entry === 'dist') continue;
      if (statSync(join(WORKSPACE, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !NODE_ONLY.has(path)) {
        const source = readFileSync(join(WORKSPACE, path), 'utf8');
        expect(source, `${path} imports all of ${library}`).not.toMatch(
          new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s*from\\s*["']${literal(library)}["']`),
        );
        for (const match of source.matchAll(imports)) {
          if (match[1]) continue;
          for (const part of (match[2] ?? '').split(',')) {
            const name = part.trim().split(/\s+as\s+/)[0] ?? '';
            if (name && !name.startsWith('type ')) names.set(name, path);
          }
        }
      }
    }
  };
  for (const source of SOURCES) walk(source);
  return names;
}

function sliceExports(slice: string, from: string): string[] {
  const source = readFileSync(join(import.meta.dirname, slice), 'utf8');
  const list = new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${literal(from)}'`).exec(source);
  return (list?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

describe.each(SLICES)('$library, shared as $slice', ({ library, slice, from }) => {
  it('holds every name the browser builds import from the library', () => {
    const exported = new Set(sliceExports(slice, from));
    const missing = [...namesImported(library)]
      .filter(([name]) => !exported.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('re-exports only names the library has, and each once', async () => {
    const names = sliceExports(slice, from);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    const real: Record<string, unknown> = await import(library);
    expect(names.filter((name) => real[name] === undefined)).toEqual([]);
  });
});

describe('zod in the remotes', () => {
  it('is only ever imported for types: their schemas are built by @trek/shared, with the page’s one zod', () => {
    // zod is not shared (a shared library is not tree-shaken): a remote importing a value from it
    // would bundle its own copy, and the browser would load a second zod when the page uses it.
    const remotes = SOURCES.filter((source) => source.startsWith('mfe-'));
    const valueImport = /\bimport\s+(?!type\s)[^;]*?from\s*["']zod(?:\/[^"']*)?["']/;
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(join(WORKSPACE, folder))) {
        const path = `${folder}/${entry}`;
        if (entry === 'node_modules' || entry === 'dist') continue;
        if (statSync(join(WORKSPACE, path)).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
          if (valueImport.test(readFileSync(join(WORKSPACE, path), 'utf8'))) offenders.push(path);
        }
      }
    };
    for (const remote of remotes) walk(remote);
    expect(remotes.length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });
});

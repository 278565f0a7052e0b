import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_SLICES } from '../../module-federation';

const WORKSPACE = join(import.meta.dirname, '../../../..');
const SOURCES = ['host/src', 'shared/src', 'shared/testing'].concat(
  readdirSync(WORKSPACE)
    .filter((name) => name.startsWith('mfe-'))
    .map((name) => `${name}/src`),
);

const IMPORT_FROM_CORE = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;

/** Value names imported from '@mantine/core' by the files under `dir` (types are erased). */
function namesImported(dir: string, pattern: RegExp): Set<string> {
  const names = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (pattern.test(entry)) {
        for (const match of readFileSync(path, 'utf8').matchAll(IMPORT_FROM_CORE)) {
          if (match[1]) continue;
          for (const part of (match[2] ?? '').split(',')) {
            const name = part.trim();
            if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0] ?? name);
          }
        }
      }
    }
  };
  walk(dir);
  return names;
}

/** Mantine's other packages the workspace uses: they import '@mantine/core' too. */
function mantinePackagesInUse(): string[] {
  const packages = new Set<string>();
  for (const source of SOURCES) {
    const manifest = JSON.parse(readFileSync(join(WORKSPACE, source, '../package.json'), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (name.startsWith('@mantine/') && name !== '@mantine/core' && name !== '@mantine/hooks') {
        packages.add(realpathSync(join(WORKSPACE, source, '../node_modules', name)));
      }
    }
  }
  return [...packages];
}

function sliceExports(slice: string): string[] {
  const source = readFileSync(join(import.meta.dirname, `${slice}.ts`), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'#mantine-core'/.exec(source)?.[1] ?? '';
  // A slice may also stand in for a name with a value of its own (shell.ts's RemoveScroll).
  const ownValues = [...source.matchAll(/^export const (\w+)/gm)].map((match) => match[1] ?? '');
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .concat(ownValues);
}

describe("Mantine's slices", () => {
  const sliced = MANTINE_SLICES.flatMap((slice) => sliceExports(slice));

  it('hold every name the suite and Mantine’s other packages import from @mantine/core', () => {
    const needed = new Set<string>();
    for (const source of SOURCES) {
      for (const name of namesImported(join(WORKSPACE, source), /\.tsx?$/)) needed.add(name);
    }
    for (const dir of mantinePackagesInUse()) {
      for (const name of namesImported(join(dir, 'esm'), /\.mjs$/)) needed.add(name);
    }
    const missing = [...needed].filter((name) => !sliced.includes(name)).sort();
    expect(
      missing,
      `Add these to a slice in shared/src/ui/mantine/ (and bump @trek/shared's minor version): every build reads '@mantine/core' as the slices`,
    ).toEqual([]);
  });

  it('are all the facade re-exports, each name from its own slice', () => {
    const facade = readFileSync(join(import.meta.dirname, 'facade.ts'), 'utf8');
    const fromFacade = Object.fromEntries(
      [...facade.matchAll(/export\s*\{([^}]*)\}\s*from\s*'@trek\/shared\/mantine\/(\w+)'/g)].map(
        (match) => [
          match[2],
          (match[1] ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
            .sort(),
        ],
      ),
    );
    expect(fromFacade).toEqual(
      Object.fromEntries(MANTINE_SLICES.map((slice) => [slice, sliceExports(slice).sort()])),
    );
  });

  it("stand in for RemoveScroll with the component's own class names", async () => {
    const mantine = await import('@mantine/core');
    const shell = await import('./shell');
    expect(shell.RemoveScroll.classNames).toEqual(mantine.RemoveScroll.classNames);
  });

  it('name each export once, and only names Mantine has', async () => {
    expect(new Set(sliced).size).toBe(sliced.length);
    const mantine: Record<string, unknown> = await import('@mantine/core');
    expect(sliced.filter((name) => !(name in mantine))).toEqual([]);
  });
});

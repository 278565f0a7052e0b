import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, referencesOf, sourceFiles } from '../../../testing/source-modules';
import { MANTINE_SLICES } from '../../module-federation';

const WORKSPACE = join(import.meta.dirname, '../../../..');
const SOURCES = ['host/src', 'shared/src', 'shared/testing'].concat(
  readdirSync(WORKSPACE)
    .filter((name) => name.startsWith('mfe-'))
    .map((name) => `${name}/src`),
);

/** Value names imported from '@mantine/core' by the files under `dir`. */
function namesImported(dir: string, pattern: RegExp): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(dir, { pattern, tests: true })) {
    for (const reference of referencesOf(file)) {
      if (reference.from !== '@mantine/core') continue;
      expect(reference.whole, `${file} imports all of @mantine/core`).toBe(false);
      for (const name of reference.values) names.add(name);
    }
  }
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

/**
 * The value names a slice exports: those it re-exports from '#mantine-core', and any it stands in
 * for with a value of its own (shell.ts's RemoveScroll).
 */
function sliceExports(slice: string): string[] {
  return exportedNames(join(import.meta.dirname, `${slice}.ts`)).filter(
    (name) => !name.startsWith('type '),
  );
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
    const fromFacade = Object.fromEntries(
      referencesOf(join(import.meta.dirname, 'facade.ts')).map(({ from, values }) => [
        from.replace('@trek/shared/mantine/', ''),
        [...values].sort(),
      ]),
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

  it('bring the stylesheet of every component the suite renders, parts such as Radio.Card included', () => {
    const styles = join(
      realpathSync(join(WORKSPACE, 'shared/node_modules/@mantine/core')),
      'styles',
    );
    const sheetsOf = (slice: string) =>
      [
        ...readFileSync(join(import.meta.dirname, `${slice}.ts`), 'utf8').matchAll(
          /@mantine\/core\/styles\/(\w+)\.layer\.css/g,
        ),
      ].map((match) => match[1]);
    const missing: string[] = [];
    for (const slice of MANTINE_SLICES) {
      const names = sliceExports(slice);
      const sheets = sheetsOf(slice);
      // Parts used as <Radio.Card>: their sheet is RadioCard.layer.css.
      const parts = new Set<string>();
      for (const source of SOURCES) {
        for (const file of sourceFiles(join(WORKSPACE, source), { pattern: /\.tsx$/ })) {
          for (const [, owner, part] of readFileSync(file, 'utf8').matchAll(/<(\w+)\.(\w+)/g)) {
            if (owner && part && names.includes(owner)) parts.add(`${owner}${part}`);
          }
        }
      }
      for (const name of [...names, ...parts]) {
        let exists = true;
        try {
          readFileSync(join(styles, `${name}.layer.css`));
        } catch {
          exists = false;
        }
        if (exists && !sheets.includes(name)) missing.push(`${slice}: ${name}.layer.css`);
      }
    }
    expect(missing, 'import these in their slice').toEqual([]);
  });

  it('name each export once, and only names Mantine has', async () => {
    expect(new Set(sliced).size).toBe(sliced.length);
    const mantine: Record<string, unknown> = await import('@mantine/core');
    expect(sliced.filter((name) => !(name in mantine))).toEqual([]);
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import history from '../exports.json';
import sharedPackage from '../package.json';
import { exportedNames } from '../testing/source-modules';
import { SHARED_PACKAGE_NAME } from './contract/index.js';
import * as shared from './index';
import { LIBRARY_SLICES, MANTINE_SLICES } from './module-federation';

/**
 * The exports of src/index.ts as written. The file names every export (no `export *`) and
 * declares nothing itself, so the list is exact without compiling the package.
 */
function declaredExports(): string[] {
  return sortExports(exportedNames(join(import.meta.dirname, 'index.ts'), { reexportsOnly: true }));
}

/**
 * The slices of the libraries @trek/shared shares at its own version (module-federation.ts):
 * a remote built against a version uses their names as it uses the package's, so a name added
 * to a slice moves the version as an export does. Recorded as `./router: useBlocker`.
 */
const SLICE_EXPORTS = [
  ...Object.values(LIBRARY_SLICES),
  ...MANTINE_SLICES.map((slice) => `${SHARED_PACKAGE_NAME}/mantine/${slice}`),
].map((module) => `.${module.slice(SHARED_PACKAGE_NAME.length)}`);

function sliceExports(): string[] {
  const paths: Record<string, string> = sharedPackage.exports;
  return SLICE_EXPORTS.flatMap((subpath) => {
    const file = paths[subpath];
    if (!file) throw new Error(`package.json exports no ${subpath}`);
    return exportedNames(join(import.meta.dirname, '..', file)).map(
      (name) => `${subpath}: ${name}`,
    );
  });
}

/** What a remote built against this version may use: the package's exports and its slices'. */
function contractExports(): string[] {
  return sortExports([...declaredExports(), ...sliceExports()]);
}

function sortExports(names: string[]): string[] {
  const bare = (name: string) => name.replace(/^type /, '');
  return [...names].sort((a, b) => bare(a).localeCompare(bare(b), 'en'));
}

type Version = [major: number, minor: number, patch: number];

function parseVersion(version: string): Version {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a plain major.minor.patch version`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** What a move from one recorded export list to the next requires of the version. */
function requiredBump(before: string[], after: string[]): 'major' | 'minor' | 'patch' {
  if (before.some((name) => !after.includes(name))) return 'major';
  if (after.some((name) => !before.includes(name))) return 'minor';
  return 'patch';
}

function bumpOf(from: string, to: string): 'major' | 'minor' | 'patch' | 'none' {
  const [a, b] = [parseVersion(from), parseVersion(to)];
  if (b[0] > a[0]) return 'major';
  if (b[0] === a[0] && b[1] > a[1]) return 'minor';
  if (b[0] === a[0] && b[1] === a[1] && b[2] > a[2]) return 'patch';
  return 'none';
}

const RANK = { none: 0, patch: 1, minor: 2, major: 3 } as const;

const recorded: Record<string, string[]> = history;
const versions = Object.keys(recorded).sort(compareVersions);

describe('the versioned contract of @trek/shared (shared/exports.json)', () => {
  it("records this version's exports exactly", () => {
    const current = contractExports();
    const latest = versions.at(-1) ?? '';
    const expected = recorded[sharedPackage.version];
    const added = current.filter((name) => !expected?.includes(name));
    const removed = (expected ?? []).filter((name) => !current.includes(name));
    expect(
      current,
      `The exports of @trek/shared changed (added: ${added.join(', ') || 'none'}; removed: ${
        removed.join(', ') || 'none'
      }). Set shared/package.json's version to the next ${requiredBump(
        recorded[latest] ?? [],
        current,
      )} version after ${latest} (minor for an addition, major for a removal) and record this list under it in shared/exports.json:\n${JSON.stringify(current, null, 2)}`,
    ).toEqual(expected);
  });

  it('is at the newest recorded version', () => {
    expect(versions.at(-1)).toBe(sharedPackage.version);
  });

  it('moves the version with the exports: minor for an addition, major for a removal', () => {
    for (let i = 1; i < versions.length; i += 1) {
      const [from, to] = [versions[i - 1] ?? '', versions[i] ?? ''];
      const needed = requiredBump(recorded[from] ?? [], recorded[to] ?? []);
      const made = bumpOf(from, to);
      expect(
        RANK[made] >= RANK[needed],
        `${from} -> ${to} is a ${made} bump but its exports need a ${needed} one`,
      ).toBe(true);
    }
  });

  it('exports at run time the values it declares', () => {
    const values = declaredExports().filter((name) => !name.startsWith('type '));
    expect(sortExports(Object.keys(shared))).toEqual(values);
  });
});

describe('the version rules', () => {
  it('require a major bump for a removal and a minor one for an addition', () => {
    expect(requiredBump(['a', 'b'], ['a'])).toBe('major');
    expect(requiredBump(['a'], ['a', 'b'])).toBe('minor');
    expect(requiredBump(['a', 'b'], ['a', 'c'])).toBe('major');
    expect(requiredBump(['a'], ['a'])).toBe('patch');
    expect(bumpOf('2.1.0', '3.0.0')).toBe('major');
    expect(bumpOf('2.1.0', '2.2.0')).toBe('minor');
    expect(bumpOf('2.1.0', '2.1.1')).toBe('patch');
    expect(bumpOf('2.1.0', '2.0.5')).toBe('none');
  });
});

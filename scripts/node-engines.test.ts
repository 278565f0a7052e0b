import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/**
 * Packages that declare no `engines` but check the Node they run on when imported, and the
 * workspace package that installs each. oidc-provider 9 asks for Node 22 only that way (a
 * console warning, 'Unsupported runtime'), which the lockfile test below cannot see.
 */
const RUNTIME_CHECKED = [{ name: 'oidc-provider', installedBy: 'api' }];

type Version = [number, number, number];

function parseVersion(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (part === 'x' || part === '*' ? 0 : Number(part)));
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether `version` is in an npm `engines` range, for the forms the lockfile holds: `>=`, `>`,
 * `<`, `<=`, `^`, `~`, a bare or `.x` version, `*`, spaces between comparators and `||`.
 */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((branch) => {
    const comparators = branch
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.every((comparator) => {
      const [, operator = '', text = ''] = /^([<>=^~]*)(.*)$/.exec(comparator) ?? [];
      if (text === '*' || text === '') return true;
      const bound = parseVersion(text);
      const order = compare(version, bound);
      const parts = text
        .replace(/^v/, '')
        .split('.')
        .filter((part) => !/^[x*]$/.test(part));
      switch (operator) {
        case '>=':
          return order >= 0;
        case '>':
          return order > 0;
        case '<=':
          return order <= 0;
        case '<':
          return order < 0;
        case '^':
          return order >= 0 && version[0] === bound[0];
        case '~':
          return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
        default:
          // '14' or '14.17.x': the same leading parts.
          return parts.every((part, index) => Number(part) === version[index]);
      }
    });
  });
}

/** The lowest Node the project says it runs on (package.json `engines`, e.g. '>=20.19'). */
function projectMinimum(): Version {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const range: string = manifest.engines.node;
  const minimum = /^>=\s*(\S+)$/.exec(range)?.[1];
  if (!minimum) throw new Error(`package.json engines.node should be '>=x.y', not '${range}'`);
  return parseVersion(minimum);
}

describe("every installed package runs on the project's Node", () => {
  it('reads npm engine ranges as npm does', () => {
    expect(satisfies([20, 19, 0], '>=18')).toBe(true);
    expect(satisfies([20, 19, 0], '>= 0.4')).toBe(true);
    expect(satisfies([20, 19, 0], '>=22')).toBe(false);
    expect(satisfies([20, 19, 0], '>= 22')).toBe(false);
    expect(satisfies([20, 19, 0], '>=20.19.0')).toBe(true);
    expect(satisfies([20, 18, 9], '>=20.19.0')).toBe(false);
    expect(satisfies([20, 19, 0], '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies([20, 19, 0], '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies([20, 19, 0], '^18.18.0 || >=21.1.0')).toBe(false);
    expect(satisfies([20, 19, 0], '>=9.4.0 || ^8.9.4')).toBe(true);
    expect(satisfies([20, 19, 0], '>= 10.x')).toBe(true);
    expect(satisfies([20, 19, 0], '>=v12.22.7')).toBe(true);
  });

  it('finds no package in pnpm-lock.yaml that asks for a newer Node', () => {
    const minimum = projectMinimum();
    const lockfile = readFileSync(join(ROOT, 'pnpm-lock.yaml'), 'utf8');
    const needsNewer: string[] = [];
    let name = '';
    for (const line of lockfile.split('\n')) {
      const entry = /^ {2}'?([^\s':][^']*?)'?:$/.exec(line);
      if (entry?.[1]) name = entry[1];
      const engines = /^ {4}engines: \{node: '([^']+)'/.exec(line);
      if (engines?.[1] && !satisfies(minimum, engines[1]))
        needsNewer.push(`${name} (${engines[1]})`);
    }
    expect(
      needsNewer,
      `These need a newer Node than package.json's engines: pin a release that runs on ${minimum.join('.')}, or an override in pnpm-workspace.yaml`,
    ).toEqual([]);
  });

  it.each(RUNTIME_CHECKED)(
    '$name loads on this Node without an "Unsupported runtime" warning',
    async ({ name, installedBy }) => {
      const entry = createRequire(join(ROOT, installedBy, 'package.json')).resolve(name);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        await import(pathToFileURL(entry).href);
        const refusals = warn.mock.calls
          .map((args) => args.map(String).join(' '))
          .filter((message) => /unsupported runtime/i.test(message));
        expect(
          refusals,
          `${name} (${installedBy}) refuses this Node: pin a release that supports it`,
        ).toEqual([]);
      } finally {
        warn.mockRestore();
      }
    },
  );
});

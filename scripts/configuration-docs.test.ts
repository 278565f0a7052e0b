import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../api/src/config.js';
import { suiteVariables } from './suite-config.mjs';

const ROOT = join(import.meta.dirname, '..');
const NAME = /^[A-Z][A-Z0-9_]+$/;

/** The variables named in the first column of the README's tables under "## Configuration". */
function documentedVariables(): Set<string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /\n## Configuration\n([\s\S]*?)\n## (?!#)/.exec(readme)?.[1] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const [, name = ''] of firstCell.matchAll(/`([^`]+)`/g))
      if (NAME.test(name)) names.add(name);
  }
  return names;
}

const SKIPPED = new Set([
  'node_modules',
  'dist',
  'dist-monolith',
  'dist-prerender',
  'test-results',
  '.git',
  '.run',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.e2e-build-')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `env.NAME` and `env['NAME']` read anywhere outside tests: scripts, builds, e2e support, bench. */
function variablesReadInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(ROOT)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /\benv(?:\.([A-Z][A-Z0-9_]+)|\[\s*'([A-Z][A-Z0-9_]+)'\s*\])/g,
    )) {
      const name = match[1] ?? match[2] ?? '';
      if (!found.has(name)) found.set(name, relative(ROOT, file));
    }
  }
  return found;
}

/** Names in .env.example, set or commented out (`# NAME=value`). */
function envExampleVariables(): Set<string> {
  const text = readFileSync(join(ROOT, '.env.example'), 'utf8');
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? ''));
}

describe("the README's Configuration tables", () => {
  const documented = documentedVariables();

  it('are found', () => {
    expect(documented.size).toBeGreaterThan(20);
  });

  it("document every variable of the API's configuration schema", () => {
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("document every variable of the suite's configuration (ports, remotes, origins)", () => {
    expect(suiteVariables().size).toBeGreaterThan(5);
    expect([...suiteVariables()].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('document every variable a script, build or test support file reads', () => {
    const missing = [...variablesReadInSource()]
      .filter(([name]) => !documented.has(name))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('document nothing that is no longer read', () => {
    const read = new Set([
      ...CONFIG_VARIABLES,
      ...suiteVariables(),
      ...variablesReadInSource().keys(),
    ]);
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });
});

describe('.env.example', () => {
  const example = envExampleVariables();

  it('names every variable of `npm start`: the API, the suite and the build', () => {
    const started = [...CONFIG_VARIABLES, ...suiteVariables(), 'PUBLIC_MARKETING_SITE_URL'];
    expect(started.filter((name) => !example.has(name))).toEqual([]);
  });

  it('names only documented variables', () => {
    const documented = documentedVariables();
    expect([...example].filter((name) => !documented.has(name))).toEqual([]);
  });
});

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deployBuild } from './deploy-remote.mjs';

const projectsVersion: string = JSON.parse(
  readFileSync(join(import.meta.dirname, '../mfe-projects/package.json'), 'utf8'),
).version;

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'trek-deploy-test-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function build(name: string, files: Record<string, string>) {
  const dir = join(work, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('deployBuild', () => {
  it('copies a build to <dir>/<package version>-<content hash>/ and keeps earlier versions', () => {
    const to = join(work, 'cdn');
    const first = build('v1', {
      'mf-manifest.json': '{"v":1}',
      'remoteEntry.js': 'entry 1',
      'static/js/a.1.js': 'a',
    });
    const one = deployBuild({ remote: 'projects', build: first, to });
    expect(one.version).toMatch(
      new RegExp(`^${projectsVersion.replaceAll('.', '\\.')}-[0-9a-f]{10}$`),
    );
    expect(one.created).toBe(true);
    expect(readFileSync(join(to, one.version, 'static/js/a.1.js'), 'utf8')).toBe('a');

    const second = build('v2', { 'mf-manifest.json': '{"v":2}', 'remoteEntry.js': 'entry 2' });
    const two = deployBuild({ remote: 'projects', build: second, to });
    expect(two.version).not.toBe(one.version);
    expect(existsSync(join(to, one.version, 'static/js/a.1.js'))).toBe(true);
    expect(existsSync(join(to, two.version, 'mf-manifest.json'))).toBe(true);
  });

  it('never writes a version twice: the same content is the same version', () => {
    const to = join(work, 'cdn');
    const files = { 'mf-manifest.json': '{}', 'remoteEntry.js': 'entry' };
    const once = deployBuild({ remote: 'projects', build: build('a', files), to });
    // Build statistics in another order do not make another version.
    const again = deployBuild({
      remote: 'projects',
      build: build('b', { ...files, 'mf-stats.json': '{"order":2}' }),
      to,
    });
    expect(again).toEqual({ ...once, created: false });
  });

  it('leaves the build statistics out of a version: no browser reads them', () => {
    const to = join(work, 'cdn');
    const deployed = deployBuild({
      remote: 'projects',
      build: build('s', {
        'mf-manifest.json': '{}',
        'mf-stats.json': '{}',
        'mf-stats.json.br': 'x',
        'remoteEntry.js': 'entry',
      }),
      to,
    });
    expect(existsSync(join(deployed.folder, 'mf-manifest.json'))).toBe(true);
    expect(existsSync(join(deployed.folder, 'remoteEntry.js'))).toBe(true);
    expect(existsSync(join(deployed.folder, 'mf-stats.json'))).toBe(false);
    expect(existsSync(join(deployed.folder, 'mf-stats.json.br'))).toBe(false);
  });

  it('refuses a folder that is not a remote build', () => {
    expect(() =>
      deployBuild({ remote: 'projects', build: build('x', { 'index.html': '' }), to: work }),
    ).toThrow('has no mf-manifest.json');
  });
});

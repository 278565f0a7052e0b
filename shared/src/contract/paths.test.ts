import { describe, expect, it } from 'vitest';
import { isSitePath, PATHS, prerenderedFileOf, sameOriginPath } from './paths.js';

describe('prerenderedFileOf', () => {
  it('names one file per route of one fixed URL, the root included', () => {
    expect(prerenderedFileOf(PATHS.landing)).toBe('landing.json');
    expect(prerenderedFileOf(PATHS.projects)).toBe('u.projects.json');
    expect(prerenderedFileOf(PATHS.home)).toBe('_root.json');
    const fixed = Object.values(PATHS).filter((path) => !path.includes(':'));
    expect(new Set(fixed.map(prerenderedFileOf)).size).toBe(fixed.length);
  });

  it('names none for a project, a file or anything that could leave the folder', () => {
    for (const path of [
      '/u/projects/3f2a9c1e-0000-4000-8000-000000000001',
      '/u.projects',
      '/u/projects/',
      '/_root',
      '//',
      '/static/js/index.js',
      '/../secrets',
      '/u/%2e%2e',
      '/Landing',
    ]) {
      expect(prerenderedFileOf(path), path).toBeUndefined();
    }
  });
});

describe('isSitePath', () => {
  it('knows every page of the site, as the route table matches it', () => {
    for (const path of [
      '/',
      '/landing',
      '/u/projects',
      '/u/projects/',
      '/U/Projects',
      '/u/projects/3f2a9c1e-0000-4000-8000-000000000001',
      '/u/projects/42/edit',
      '/projects/42',
      '/auth/conflict',
      '/dev/landing-internal',
    ]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it('knows no other path', () => {
    for (const path of [
      '/nope',
      '/u',
      '/u/projects/42/edit/more',
      '/u/projects//edit',
      '/landing/x',
    ]) {
      expect(isSitePath(path), path).toBe(false);
    }
  });
});

describe('sameOriginPath', () => {
  it('keeps a path of the site, resolved as a browser resolves it', () => {
    expect(sameOriginPath('/u/projects?x=1#top')).toBe('/u/projects?x=1#top');
    expect(sameOriginPath('/u/./projects/../settings')).toBe('/u/settings');
    expect(sameOriginPath('/caf%C3%A9')).toBe('/caf%C3%A9');
  });

  it('refuses anything a browser would follow to another host, or that is no path', () => {
    for (const value of [
      null,
      undefined,
      '',
      'u/projects',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      'javascript:alert(1)',
      '/caf\u00e9',
    ])
      expect(sameOriginPath(value), String(value)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isSitePath, PATHS, prerenderedFileOf } from './paths.js';

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

import { describe, expect, it } from 'vitest';
import { PATHS, prerenderedFileOf } from './paths.js';

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

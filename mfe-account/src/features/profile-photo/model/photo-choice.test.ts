import { describe, expect, it } from 'vitest';
import { checkPhotos, dragVerdict } from './photo-choice';

const file = (name: string, type: string, size = 1024) =>
  new File([new Uint8Array(size)], name, { type });

describe('checkPhotos', () => {
  it('takes one JPEG, PNG or WebP image of at most 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      const photo = file('me', type);
      expect(checkPhotos([photo])).toEqual({ photo });
    }
    const largest = file('large.png', 'image/png', 5 * 1024 * 1024);
    expect(checkPhotos([largest])).toEqual({ photo: largest });
  });

  it('says what is wrong with each file it refuses', () => {
    const [a, b] = [file('a.png', 'image/png'), file('b.png', 'image/png')];
    expect(checkPhotos([a, b]).rejected?.map((entry) => entry.errors)).toEqual([
      [{ code: 'too-many-files' }],
      [{ code: 'too-many-files' }],
    ]);
    expect(checkPhotos([file('notes.txt', 'text/plain')]).rejected?.[0]?.errors).toEqual([
      { code: 'file-invalid-type' },
    ]);
    expect(
      checkPhotos([file('scan.gif', 'image/gif', 6 * 1024 * 1024)]).rejected?.[0]?.errors,
    ).toEqual([{ code: 'file-invalid-type' }, { code: 'file-too-large' }]);
    expect(checkPhotos([])).toEqual({ rejected: [] });
  });
});

describe('dragVerdict', () => {
  const item = (type: string, kind = 'file') => ({ kind, type });

  it('accepts one JPEG, PNG or WebP image', () => {
    expect(dragVerdict([item('image/png')])).toBe('accept');
  });

  it('promises nothing for a file whose type the browser does not tell, as the drop refuses it', () => {
    expect(dragVerdict([item('')])).toBe('unknown');
    expect(checkPhotos([file('photo', '')]).rejected?.[0]?.errors).toEqual([
      { code: 'file-invalid-type' },
    ]);
  });

  it('refuses several files, a known wrong type, or no file at all', () => {
    expect(dragVerdict([item('image/png'), item('image/png')])).toBe('reject');
    expect(dragVerdict([item('application/pdf')])).toBe('reject');
    expect(dragVerdict([item('text/plain', 'string')])).toBe('reject');
  });
});

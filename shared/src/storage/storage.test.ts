import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from './storage';

const schema = z.object({ trek: z.string() });

describe('browser storage helpers', () => {
  it('uses product-specific key names', () => {
    expect(Object.values(STORAGE_KEYS).every((key) => key.startsWith('trek.'))).toBe(true);
  });

  it('round-trips valid JSON', () => {
    expect(writeJson(localStorage, STORAGE_KEYS.wizardFormData, { trek: 'Lares' })).toBe(true);
    expect(readJson(localStorage, STORAGE_KEYS.wizardFormData, schema)).toEqual({ trek: 'Lares' });
  });

  it('drops unparseable or invalid data silently', () => {
    localStorage.setItem('trek.bad', '{oops');
    expect(readJson(localStorage, 'trek.bad', schema)).toBeNull();
    expect(localStorage.getItem('trek.bad')).toBeNull();
    localStorage.setItem('trek.wrong', '{"trek":42}');
    expect(readJson(localStorage, 'trek.wrong', schema)).toBeNull();
    expect(localStorage.getItem('trek.wrong')).toBeNull();
  });

  it('survives a storage that throws (private mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readJson(broken, 'k', schema)).toBeNull();
    expect(writeJson(broken, 'k', { trek: 'x' })).toBe(false);
    expect(() => removeKey(broken, 'k')).not.toThrow();
    expect(readJson(undefined, 'k', schema)).toBeNull();
  });
});

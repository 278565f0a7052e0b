import { describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, newJoinCode } from './join-codes.js';

describe('join codes', () => {
  it('are 10 characters of an alphabet without look-alikes', () => {
    expect(JOIN_CODE_LENGTH).toBeGreaterThanOrEqual(8);
    for (const confusable of ['0', 'O', '1', 'I', 'L']) {
      expect(JOIN_CODE_ALPHABET).not.toContain(confusable);
    }
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(JOIN_CODE_ALPHABET.length);
    for (let i = 0; i < 200; i += 1) {
      expect(newJoinCode()).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`));
    }
  });

  it('draw each character from the random source, over the whole alphabet', () => {
    const draws = [0, JOIN_CODE_ALPHABET.length - 1, 5, 6, 7, 8, 9, 10, 11, 12];
    const asked: number[] = [];
    const code = newJoinCode((max) => {
      asked.push(max);
      return draws.shift() ?? 0;
    });
    expect(code).toBe(`2Z${JOIN_CODE_ALPHABET.slice(5, 13)}`);
    expect(asked).toEqual(Array(JOIN_CODE_LENGTH).fill(JOIN_CODE_ALPHABET.length));
  });

  it('do not repeat in practice', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => newJoinCode()));
    expect(codes.size).toBe(10_000);
  });
});

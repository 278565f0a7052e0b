import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailSchema } from './fields';

/** The pattern as it was before it was made linear: the rule the new one must keep exactly. */
const PART = '[^\\s@\\p{Default_Ignorable_Code_Point}]+';
const OLD_PATTERN = new RegExp(`^${PART}@${PART}\\.${PART}$`, 'u');

/**
 * Every string of up to `length` characters over `alphabet`. The alphabet holds each kind of
 * character the rule tells apart: letters (one outside the BMP, one lone surrogate), the dot, the
 * at-sign, a space, a character that renders as nothing.
 */
function allStrings(alphabet: readonly string[], length: number): string[] {
  const levels = [['']];
  for (let size = 1; size <= length; size += 1) {
    levels.push((levels.at(-1) ?? []).flatMap((shorter) => alphabet.map((c) => shorter + c)));
  }
  return levels.flat();
}

const ALPHABET = ['a', '.', '@', ' ', '\u200B', 'é', '\u{1F600}', '\uD800'] as const;

const VALID = [
  'ana@example.com',
  'a@b.c',
  'a@..c',
  'a@b..',
  'a@.b.c',
  'a.b@c.d',
  '.@a.b',
  'a@b.c.',
  'ana+trek@sub.example.co.uk',
  'josé@exämple.com',
  'ana@xn--exmple-cua.com',
  '"quoted"@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(185)}.com`,
];

const INVALID = [
  '',
  'ana',
  'ana@',
  '@example.com',
  'ana@example',
  'ana@.com',
  'ana@com.',
  'ana@.',
  'ana@..',
  'a@b@c.d',
  'ana@exa mple.com',
  'ana @example.com',
  'ana\u200B@example.com',
  'ana@exa\u00ADmple.com',
  'ana@example.com\n',
  'ana\t@example.com',
  'a@b.c ',
  ' a@b.c',
  `a@${'.'.repeat(251)} `,
  `a@${'.@a'.repeat(84)}`,
];

describe('EMAIL_PATTERN', () => {
  it('accepts and refuses exactly what the former pattern did', () => {
    for (const address of [...VALID, ...INVALID]) {
      expect([address, EMAIL_PATTERN.test(address)]).toEqual([address, OLD_PATTERN.test(address)]);
    }
    expect(VALID.filter((address) => !EMAIL_PATTERN.test(address))).toEqual([]);
    expect(INVALID.filter((address) => EMAIL_PATTERN.test(address))).toEqual([]);
    // Every string of up to six characters from the alphabet: 299,593 of them.
    const candidates = allStrings(ALPHABET, 6);
    expect(candidates).toHaveLength(299_593);
    expect(candidates.filter((c) => EMAIL_PATTERN.test(c) !== OLD_PATTERN.test(c))).toEqual([]);
    // Both kinds are among them, in numbers: the comparison is not one of refusals only.
    expect(candidates.filter((c) => OLD_PATTERN.test(c)).length).toBeGreaterThan(1000);
  });

  describe('judges a worst-case address in a number of steps linear in its length', () => {
    // Shapes that make a backtracking pattern retry: runs of dots (which the domain's parts
    // both took before) up to a character no part takes, inside (an ending blank is trimmed).
    const worstCases = {
      'dots, then a space': `a@${'.'.repeat(250)} a`,
      'dots ended by an at-sign': `a@a${'.'.repeat(250)}@`,
      'a letter and a dot, repeated, then a space': `a@${'a.'.repeat(125)} a`,
      "'.@a' repeated": `a@${'.@a'.repeat(84)}`,
      'no at-sign': 'a'.repeat(254),
      'dots only': '.'.repeat(254),
    };

    it.each(Object.entries(worstCases))('%s', (_shape, address) => {
      expect(address).toHaveLength(254);
      const steps = backtrackingSteps(EMAIL_PATTERN, address);
      expect(steps.matched).toBe(false);
      expect(steps.count).toBeLessThanOrEqual(6 * address.length);
      // Through the schema, which allows 254 characters: refused, as before.
      expect(emailSchema.safeParse(address).success).toBe(false);
    });

    it('while the former pattern took a number quadratic in it (the counter sees the fault)', () => {
      const steps = backtrackingSteps(OLD_PATTERN, worstCases['dots, then a space']);
      expect(steps.count).toBeGreaterThan(100 * 254);
    });
  });
});

/**
 * Counts the steps a backtracking engine (greedy quantifiers, as V8's) takes to match `pattern`
 * against `input`: one per character tried against a part, one per position tried for the next
 * part. Deterministic, unlike timing the real engine. Reads the patterns this file deals in: an
 * anchored sequence of character classes, escaped characters and literals, each once, `*` or
 * `+`.
 */
function backtrackingSteps(pattern: RegExp, input: string): { matched: boolean; count: number } {
  const source = pattern.source;
  expect(source.startsWith('^') && source.endsWith('$')).toBe(true);
  const parts: { atom: RegExp; min: number; max: number }[] = [];
  const token = /(\[(?:\\.|[^\]\\])*\]|\\.|[^\\[*+?{}()|^$])([*+]?)/y;
  token.lastIndex = 1;
  while (token.lastIndex < source.length - 1) {
    const found = token.exec(source);
    if (!found?.[1]) throw new Error(`cannot read ${source} at ${token.lastIndex}`);
    const quantifier = found[2];
    parts.push({
      atom: new RegExp(`^${found[1]}$`, pattern.flags),
      min: quantifier === '*' ? 0 : 1,
      max: quantifier === '' ? 1 : Number.POSITIVE_INFINITY,
    });
  }
  const chars = [...input];
  let count = 0;
  const matchFrom = (index: number, at: number): boolean => {
    count += 1;
    const part = parts[index];
    if (!part) return at === chars.length;
    let taken = 0;
    while (taken < part.max && at + taken < chars.length) {
      count += 1;
      if (!part.atom.test(chars[at + taken] ?? '')) break;
      taken += 1;
    }
    for (; taken >= part.min; taken -= 1) if (matchFrom(index + 1, at + taken)) return true;
    return false;
  };
  return { matched: matchFrom(0, 0), count };
}

import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailSchema } from './fields';

/**
 * The pattern as it was before it was made linear: `part@part.part`. The rule now is that one,
 * the domain's labels never empty (no leading, doubled or trailing dot).
 */
const PART = '[^\\s@\\p{Default_Ignorable_Code_Point}]+';
const OLD_PATTERN = new RegExp(`^${PART}@${PART}\\.${PART}$`, 'u');

function rule(address: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return OLD_PATTERN.test(address) && domain.split('.').every((label) => label.length > 0);
}

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
  'a.b@c.d',
  '.@a.b',
  'a..b.@c.d',
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
  // Empty labels: the same mailbox as without the root's dot ('victim@gmail.com.', which would
  // count apart in the per-address mail cap), or no mailbox at all.
  'victim@gmail.com.',
  'a@b.c.',
  'a@b..',
  'a@..c',
  'a@.b.c',
  'a@b..c',
  'ana@sub..example.com',
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
  it('accepts exactly part@part.part whose domain has no empty label', () => {
    for (const address of [...VALID, ...INVALID]) {
      expect([address, EMAIL_PATTERN.test(address)]).toEqual([address, rule(address)]);
    }
    expect(VALID.filter((address) => !EMAIL_PATTERN.test(address))).toEqual([]);
    expect(INVALID.filter((address) => EMAIL_PATTERN.test(address))).toEqual([]);
    // Every string of up to six characters from the alphabet: 299,593 of them.
    const candidates = allStrings(ALPHABET, 6);
    expect(candidates).toHaveLength(299_593);
    expect(candidates.filter((c) => EMAIL_PATTERN.test(c) !== rule(c))).toEqual([]);
    // Both kinds are among them, in numbers: the comparison is not one of refusals only.
    expect(candidates.filter((c) => EMAIL_PATTERN.test(c)).length).toBeGreaterThan(1000);
  });

  it('refuses through the schema an address whose domain ends with a dot or has an empty label', () => {
    expect(emailSchema.safeParse('Victim@Gmail.com').data).toBe('victim@gmail.com');
    for (const variant of ['victim@gmail.com.', ' Victim@Gmail.com. ', 'victim@gmail..com']) {
      expect([variant, emailSchema.safeParse(variant).success]).toEqual([variant, false]);
    }
    // Tags and local-part dots are the owner's to give: not another address's, not refused.
    expect(emailSchema.safeParse('victim+trek@gmail.com').data).toBe('victim+trek@gmail.com');
  });

  describe('judges a worst-case address in a number of steps linear in its length', () => {
    // Shapes that make a backtracking pattern retry: runs of dots (which the domain's parts
    // both took before) up to a character no part takes, inside (an ending blank is trimmed).
    const worstCases = {
      'dots, then a space': `a@${'.'.repeat(250)} a`,
      'dots ended by an at-sign': `a@a${'.'.repeat(250)}@`,
      'a letter and a dot, repeated, then a space': `a@${'a.'.repeat(125)} a`,
      "'.@a' repeated": `a@${'.@a'.repeat(84)}`,
      'one-letter labels ended by a dot': `a@${'a.'.repeat(126)}`,
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

    it('the counter reads the pattern as the engine does', () => {
      for (const address of [...VALID, ...INVALID]) {
        expect([address, backtrackingSteps(EMAIL_PATTERN, address).matched]).toEqual([
          address,
          EMAIL_PATTERN.test(address),
        ]);
      }
    });

    it('while the former pattern took a number quadratic in it (the counter sees the fault)', () => {
      const steps = backtrackingSteps(OLD_PATTERN, worstCases['dots, then a space']);
      expect(steps.count).toBeGreaterThan(100 * 254);
    });
  });
});

/** A part of a pattern: a character class (or character) or a group of parts, with its bounds. */
type Part =
  | { atom: RegExp; min: number; max: number }
  | { group: Part[]; min: number; max: number };

function bounds(quantifier: string | undefined): { min: number; max: number } {
  return {
    min: quantifier === '*' ? 0 : 1,
    max: quantifier === '*' || quantifier === '+' ? Number.POSITIVE_INFINITY : 1,
  };
}

/**
 * Counts the steps a backtracking engine (greedy quantifiers, as V8's) takes to match `pattern`
 * against `input`: one per character tried against a part, one per position tried for the next
 * part (a group's next round included). Deterministic, unlike timing the real engine. Reads the
 * patterns this file deals in: an anchored sequence of character classes, escaped characters,
 * literals and non-capturing groups of them, each once, `*` or `+`.
 */
function backtrackingSteps(pattern: RegExp, input: string): { matched: boolean; count: number } {
  const source = pattern.source;
  expect(source.startsWith('^') && source.endsWith('$')).toBe(true);
  const levels: Part[][] = [[]];
  const token = /(\(\?:)|(\))([*+]?)|(\[(?:\\.|[^\]\\])*\]|\\.|[^\\[*+?{}()|^$])([*+]?)/y;
  token.lastIndex = 1;
  while (token.lastIndex < source.length - 1) {
    const found = token.exec(source);
    if (!found) throw new Error(`cannot read ${source} at ${token.lastIndex}`);
    const [, open, close, groupQuantifier, atom, quantifier] = found;
    if (open) levels.push([]);
    else if (close) {
      const group = levels.pop();
      const outer = levels.at(-1);
      if (!group || !outer) throw new Error(`unbalanced group in ${source}`);
      outer.push({ group, ...bounds(groupQuantifier) });
    } else if (atom) {
      levels.at(-1)?.push({ atom: new RegExp(`^${atom}$`, pattern.flags), ...bounds(quantifier) });
    }
  }
  const parts = levels[0];
  if (levels.length !== 1 || !parts) throw new Error(`unbalanced group in ${source}`);
  const chars = [...input];
  let count = 0;
  const matchFrom = (
    sequence: Part[],
    index: number,
    at: number,
    then: (at: number) => boolean,
  ): boolean => {
    count += 1;
    const part = sequence[index];
    if (!part) return then(at);
    const next = (after: number) => matchFrom(sequence, index + 1, after, then);
    if ('atom' in part) {
      let taken = 0;
      while (taken < part.max && at + taken < chars.length) {
        count += 1;
        if (!part.atom.test(chars[at + taken] ?? '')) break;
        taken += 1;
      }
      for (; taken >= part.min; taken -= 1) if (next(at + taken)) return true;
      return false;
    }
    // Greedy: one more round of the group if it matches (and moves on), else what follows.
    const round = (times: number, from: number): boolean =>
      (times < part.max &&
        matchFrom(part.group, 0, from, (after) => after > from && round(times + 1, after))) ||
      (times >= part.min && next(from));
    return round(0, at);
  };
  return { matched: matchFrom(parts, 0, 0, (at) => at === chars.length), count };
}

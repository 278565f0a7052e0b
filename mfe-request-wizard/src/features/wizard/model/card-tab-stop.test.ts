import { describe, expect, it } from 'vitest';
import { tabStopIndex } from './card-tab-stop';

const card = (chosen: boolean, enabled = true) => ({ chosen, enabled });

describe('tabStopIndex', () => {
  it.each([
    ['the chosen card', [card(false), card(true), card(false)], 1],
    ['the first card when none is chosen', [card(false), card(false)], 0],
    ['the first that can be chosen when the first cannot', [card(false, false), card(false)], 1],
    [
      'the first that can be chosen when the chosen one cannot',
      [card(false), card(true, false)],
      0,
    ],
    ['none when no card can be chosen', [card(false, false), card(true, false)], -1],
    ['none in an empty group', [], -1],
  ])('is %s', (_what, cards, expected) => {
    expect(tabStopIndex(cards)).toBe(expected);
  });
});

import ausangate from './images/ausangate.svg';
import choquequirao from './images/choquequirao.svg';
import colca from './images/colca.svg';
import huayhuash from './images/huayhuash.svg';
import incaTrail from './images/inca-trail.svg';
import lares from './images/lares.svg';
import salkantay from './images/salkantay.svg';
import santaCruz from './images/santa-cruz.svg';

export const TREK_IMAGES = {
  salkantay,
  ausangate,
  choquequirao,
  lares,
  huayhuash,
  santaCruz,
  colca,
  incaTrail,
} as const;

/** Keywords searched in a project's destination or title, in the spec's order (section 3). */
const IMAGE_KEYWORDS: Array<[RegExp, string]> = [
  [/salkantay/, salkantay],
  [/ausangate/, ausangate],
  [/choquequirao/, choquequirao],
  [/lares/, lares],
  [/inca|machu/, incaTrail],
  [/huayhuash/, huayhuash],
  [/santa cruz/, santaCruz],
  [/colca/, colca],
];

/** The image for a destination or title; the Salkantay image by default. */
export function trekImageFor(...texts: Array<string | null | undefined>): string {
  const haystack = texts.filter(Boolean).join(' ').toLowerCase();
  return IMAGE_KEYWORDS.find(([pattern]) => pattern.test(haystack))?.[1] ?? salkantay;
}

/**
 * The catalogue's treks by id and name, without images, so the API can check a destination with
 * the same list the pages show (spec section 3). The pages' `Trek` objects add descriptions and
 * images (./treks.ts).
 */
export const TREK_NAMES = {
  salkantay: 'Salkantay',
  ausangate: 'Ausangate',
  choquequirao: 'Choquequirao',
  lares: 'Lares',
  huayhuash: 'Huayhuash',
  'santa-cruz': 'Santa Cruz',
  'colca-canyon': 'Colca Canyon',
  'inca-trail': 'Inca Trail',
} as const;

export type TrekId = keyof typeof TREK_NAMES;

/** Shown (Coming Soon) but never choosable. */
const UNAVAILABLE: ReadonlySet<TrekId> = new Set(['inca-trail']);

const TREK_IDS = Object.keys(TREK_NAMES) as TrekId[];

/** The id of a trek named by id or by name, any case (projects store the name). */
export function trekIdOf(idOrName: string | null | undefined): TrekId | undefined {
  if (!idOrName) return undefined;
  const key = idOrName.trim().toLowerCase();
  return TREK_IDS.find((id) => id === key || TREK_NAMES[id].toLowerCase() === key);
}

/** The catalogue's spelling of a trek's name; undefined for a trek it does not know. */
export function trekNameOf(idOrName: string | null | undefined): string | undefined {
  const id = trekIdOf(idOrName);
  return id ? TREK_NAMES[id] : undefined;
}

export function isTrekSelectable(idOrName: string | null | undefined): boolean {
  const id = trekIdOf(idOrName);
  return id !== undefined && !UNAVAILABLE.has(id);
}

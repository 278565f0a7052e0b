import { TREK_IMAGES } from './images';
import { isTrekSelectable, TREK_NAMES, type TrekId, trekIdOf } from './trek-ids';

export { isTrekSelectable };

export interface Trek {
  id: TrekId;
  name: string;
  description: string;
  image: string;
  /** Shown but not choosable (Inca Trail). */
  disabled?: boolean;
  comingSoon?: boolean;
}

const SALKANTAY: Trek = {
  id: 'salkantay',
  name: TREK_NAMES.salkantay,
  description:
    'Cross a 4,600 m glacier pass under Salkantay and descend through cloud forest to Machu Picchu.',
  image: TREK_IMAGES.salkantay,
};
const AUSANGATE: Trek = {
  id: 'ausangate',
  name: TREK_NAMES.ausangate,
  description: 'High-altitude circuit of turquoise lakes, alpacas and the Rainbow Mountain.',
  image: TREK_IMAGES.ausangate,
};
const CHOQUEQUIRAO: Trek = {
  id: 'choquequirao',
  name: TREK_NAMES.choquequirao,
  description: 'Descend the Apurímac canyon to the remote "sister of Machu Picchu".',
  image: TREK_IMAGES.choquequirao,
};
const LARES: Trek = {
  id: 'lares',
  name: TREK_NAMES.lares,
  description: 'Quechua weaving villages, hot springs and quiet valleys of the Sacred Valley.',
  image: TREK_IMAGES.lares,
};
const HUAYHUASH: Trek = {
  id: 'huayhuash',
  name: TREK_NAMES.huayhuash,
  description: "One of the world's great circuits: jagged 6,000 m peaks and glacial lakes.",
  image: TREK_IMAGES.huayhuash,
};
const SANTA_CRUZ: Trek = {
  id: 'santa-cruz',
  name: TREK_NAMES['santa-cruz'],
  description: 'The classic Cordillera Blanca route past Alpamayo and emerald lagoons.',
  image: TREK_IMAGES.santaCruz,
};
const COLCA_CANYON: Trek = {
  id: 'colca-canyon',
  name: TREK_NAMES['colca-canyon'],
  description: 'Hike into one of the deepest canyons on Earth and watch condors soar.',
  image: TREK_IMAGES.colca,
};
const INCA_TRAIL: Trek = {
  id: 'inca-trail',
  name: TREK_NAMES['inca-trail'],
  description: 'The ancient stone path to the Sun Gate of Machu Picchu.',
  image: TREK_IMAGES.incaTrail,
  disabled: true,
  comingSoon: true,
};

/** The eight treks of the wizard, in the spec's order; Inca Trail is shown Coming Soon. */
export const WIZARD_TREKS: readonly Trek[] = [
  SALKANTAY,
  AUSANGATE,
  CHOQUEQUIRAO,
  LARES,
  HUAYHUASH,
  SANTA_CRUZ,
  COLCA_CANYON,
  INCA_TRAIL,
];

/** The six treks of the edit page (spec section 3: both readings hold). */
export const EDIT_PAGE_TREKS: readonly Trek[] = [
  SALKANTAY,
  AUSANGATE,
  CHOQUEQUIRAO,
  LARES,
  HUAYHUASH,
  INCA_TRAIL,
];

/** Finds a trek by id or by name (projects store the trek name as destination). */
export function findTrek(idOrName: string | null | undefined): Trek | undefined {
  const id = trekIdOf(idOrName);
  return id ? WIZARD_TREKS.find((t) => t.id === id) : undefined;
}

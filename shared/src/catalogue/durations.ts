import { type TrekId, trekIdOf } from './trek-ids';

export interface DurationOption {
  /** e.g. '3 days / 2 nights'; the nights after '/' set the end date. */
  duration: string;
  /** Badge text, e.g. 'Classic'. */
  label: string;
  subtitle: string;
  is_available: boolean;
}

function option(days: number, label: string, subtitle: string): DurationOption {
  const nights = days - 1;
  return {
    duration: `${days} days / ${nights} ${nights === 1 ? 'night' : 'nights'}`,
    label,
    subtitle,
    is_available: true,
  };
}

/** Duration options per trek id (spec section 3). */
export const DURATION_OPTIONS: Readonly<Record<TrekId, readonly DurationOption[]>> = {
  salkantay: [
    option(2, 'Express', 'A fast push over the pass for fit hikers'),
    option(3, 'Challenge', 'Long days, the pass and the cloud forest'),
    option(4, 'Balanced', 'Steady pace with time to acclimatise'),
    option(5, 'Classic', 'The full route ending at Machu Picchu'),
    option(6, 'Extended', 'Extra days for side valleys and rest'),
  ],
  ausangate: [
    option(3, 'Challenge', 'A compact loop at high altitude'),
    option(4, 'Express', 'The main passes at a brisk pace'),
    option(5, 'Classic', 'The traditional circuit around the mountain'),
    option(6, 'Extended', 'Adds the Rainbow Mountain'),
    option(7, 'Full Circuit', 'Every lake and pass of the massif'),
  ],
  lares: [
    option(3, 'Challenge', 'Villages and passes in three days'),
    option(4, 'Classic', 'The traditional route with hot springs'),
    option(5, 'Extended', 'More time with weaving communities'),
    option(6, 'Explorer', 'Remote valleys off the usual path'),
  ],
  choquequirao: [
    option(3, 'Challenge', 'Down the canyon and back, fast'),
    option(4, 'Balanced', 'The classic out-and-back at ease'),
    option(5, 'Classic', 'Time to explore the whole site'),
    option(6, 'Extended', 'Continues towards Maizal'),
    option(7, 'Comprehensive', 'All the way to Machu Picchu'),
  ],
  'inca-trail': [
    option(2, 'Short Inca Trail', 'The last stretch to the Sun Gate'),
    option(4, 'Classic Inca Trail', 'The full trail through cloud forest ruins'),
  ],
  huayhuash: [
    option(8, 'Classic Circuit', 'The heart of the range'),
    option(10, 'Extended Circuit', 'Adds the high passes and lakes'),
    option(12, 'Complete Circuit', 'The full loop around the Cordillera'),
  ],
  'santa-cruz': [
    option(3, 'Express Route', 'Vaquería to Cashapampa, fast'),
    option(4, 'Classic Circuit', 'The traditional four days'),
    option(5, 'Extended Circuit', 'Adds the Alpamayo base camp'),
  ],
  'colca-canyon': [
    option(2, 'Classic Descent', 'Down to the oasis and back up'),
    option(3, 'Comfort Circuit', 'Villages on both sides of the canyon'),
    option(4, 'Explorer Route', 'Remote trails and condor viewpoints'),
  ],
};

/** The duration options of a trek, by id or name; none for an unknown trek. */
export function getDurationOptions(trek: string | null | undefined): readonly DurationOption[] {
  const id = trekIdOf(trek);
  return id ? DURATION_OPTIONS[id] : [];
}

/** True when the duration is one of the trek's available options (spec section 5). */
export function isDurationAvailable(
  trek: string | null | undefined,
  duration: string | null | undefined,
) {
  return getDurationOptions(trek).some((o) => o.duration === duration && o.is_available);
}

/** Nights in a duration text: the number after '/' ('/ N night'), 0 if absent (spec section 9). */
export function nightsFromDuration(duration: string | null | undefined): number {
  const match = duration?.match(/\/\s*(\d+)\s*night/i);
  return match?.[1] ? Number(match[1]) : 0;
}

export interface BadgeColours {
  background: string;
  text: string;
}

/**
 * Badge colours by label; unknown labels get the default scheme. The label's colour is the
 * background; the text stays dark, since some colours' darkest shade on their lightest reads
 * below 4.5:1 (orange 3.6, lime 3.3, teal 4.3).
 */
const BADGE_TEXT = 'dark.7';
export const DURATION_BADGE_COLOURS: Readonly<Record<string, BadgeColours>> = {
  Express: { background: 'orange.1', text: BADGE_TEXT },
  Challenge: { background: 'red.1', text: BADGE_TEXT },
  Balanced: { background: 'cyan.1', text: BADGE_TEXT },
  Classic: { background: 'teal.1', text: BADGE_TEXT },
  Extended: { background: 'indigo.1', text: BADGE_TEXT },
  'Full Circuit': { background: 'grape.1', text: BADGE_TEXT },
  Explorer: { background: 'lime.1', text: BADGE_TEXT },
  Comprehensive: { background: 'violet.1', text: BADGE_TEXT },
};

export const DEFAULT_BADGE_COLOURS: BadgeColours = { background: 'gray.1', text: BADGE_TEXT };

export function badgeColoursFor(label: string): BadgeColours {
  return DURATION_BADGE_COLOURS[label] ?? DEFAULT_BADGE_COLOURS;
}

import { describe, expect, it } from 'vitest';
import {
  badgeColoursFor,
  DEFAULT_BADGE_COLOURS,
  getDurationOptions,
  isDurationAvailable,
  nightsFromDuration,
} from './durations';
import { TREK_IMAGES, trekImageFor } from './images';
import { EDIT_PAGE_TREKS, isTrekSelectable, WIZARD_TREKS } from './treks';

const short = (durations: readonly { duration: string; label: string }[]) =>
  durations.map((d) => `${d.duration.replace(/ days? \/ (\d+) nights?/, 'd/$1n')} ${d.label}`);

describe('trek catalogue', () => {
  it('lists the eight wizard treks in the spec order, Inca Trail coming soon and disabled', () => {
    expect(WIZARD_TREKS.map((t) => t.name)).toEqual([
      'Salkantay',
      'Ausangate',
      'Choquequirao',
      'Lares',
      'Huayhuash',
      'Santa Cruz',
      'Colca Canyon',
      'Inca Trail',
    ]);
    const inca = WIZARD_TREKS.find((t) => t.name === 'Inca Trail');
    expect(inca?.disabled).toBe(true);
    expect(inca?.comingSoon).toBe(true);
    expect(WIZARD_TREKS.filter((t) => t.disabled)).toHaveLength(1);
    expect(isTrekSelectable('Inca Trail')).toBe(false);
    expect(isTrekSelectable('salkantay')).toBe(true);
  });

  it('lists the six treks of the edit page', () => {
    expect(EDIT_PAGE_TREKS.map((t) => `${t.name}${t.disabled ? ' (disabled)' : ''}`)).toEqual([
      'Salkantay',
      'Ausangate',
      'Choquequirao',
      'Lares',
      'Huayhuash',
      'Inca Trail (disabled)',
    ]);
  });

  it('has exactly the durations and labels of the spec', () => {
    expect(short(getDurationOptions('Salkantay'))).toEqual([
      '2d/1n Express',
      '3d/2n Challenge',
      '4d/3n Balanced',
      '5d/4n Classic',
      '6d/5n Extended',
    ]);
    expect(short(getDurationOptions('ausangate'))).toEqual([
      '3d/2n Challenge',
      '4d/3n Express',
      '5d/4n Classic',
      '6d/5n Extended',
      '7d/6n Full Circuit',
    ]);
    expect(short(getDurationOptions('Lares'))).toEqual([
      '3d/2n Challenge',
      '4d/3n Classic',
      '5d/4n Extended',
      '6d/5n Explorer',
    ]);
    expect(short(getDurationOptions('Choquequirao'))).toEqual([
      '3d/2n Challenge',
      '4d/3n Balanced',
      '5d/4n Classic',
      '6d/5n Extended',
      '7d/6n Comprehensive',
    ]);
    expect(short(getDurationOptions('Inca Trail'))).toEqual([
      '2d/1n Short Inca Trail',
      '4d/3n Classic Inca Trail',
    ]);
    expect(short(getDurationOptions('Huayhuash'))).toEqual([
      '8d/7n Classic Circuit',
      '10d/9n Extended Circuit',
      '12d/11n Complete Circuit',
    ]);
    expect(short(getDurationOptions('Santa Cruz'))).toEqual([
      '3d/2n Express Route',
      '4d/3n Classic Circuit',
      '5d/4n Extended Circuit',
    ]);
    expect(short(getDurationOptions('Colca Canyon'))).toEqual([
      '2d/1n Classic Descent',
      '3d/2n Comfort Circuit',
      '4d/3n Explorer Route',
    ]);
    expect(getDurationOptions('Everest')).toEqual([]);
  });

  it('checks that a duration belongs to the trek', () => {
    expect(isDurationAvailable('Salkantay', '5 days / 4 nights')).toBe(true);
    expect(isDurationAvailable('Huayhuash', '5 days / 4 nights')).toBe(false);
    expect(isDurationAvailable('Salkantay', '')).toBe(false);
  });

  it('parses the nights after "/", 0 when absent', () => {
    expect(nightsFromDuration('2 days / 1 night')).toBe(1);
    expect(nightsFromDuration('12 days / 11 nights')).toBe(11);
    expect(nightsFromDuration('a weekend')).toBe(0);
    expect(nightsFromDuration(null)).toBe(0);
  });

  it('gives unknown badge labels the default colours', () => {
    expect(badgeColoursFor('Classic')).not.toEqual(DEFAULT_BADGE_COLOURS);
    expect(badgeColoursFor('Something New')).toEqual(DEFAULT_BADGE_COLOURS);
  });

  it('chooses the trek image by keywords in destination or title, Salkantay by default', () => {
    expect(trekImageFor('Ausangate')).toBe(TREK_IMAGES.ausangate);
    expect(trekImageFor(null, 'Trek to Machu Picchu')).toBe(TREK_IMAGES.incaTrail);
    expect(trekImageFor('Inca Trail')).toBe(TREK_IMAGES.incaTrail);
    expect(trekImageFor('SANTA CRUZ')).toBe(TREK_IMAGES.santaCruz);
    expect(trekImageFor('Colca Canyon')).toBe(TREK_IMAGES.colca);
    expect(trekImageFor('Huayhuash')).toBe(TREK_IMAGES.huayhuash);
    expect(trekImageFor('Lares')).toBe(TREK_IMAGES.lares);
    expect(trekImageFor('Choquequirao')).toBe(TREK_IMAGES.choquequirao);
    expect(trekImageFor('Somewhere else')).toBe(TREK_IMAGES.salkantay);
    expect(new Set(Object.values(TREK_IMAGES)).size).toBe(8);
  });
});

import { buildGuide } from '@trek/shared/testing/builders';
import { describe, expect, it } from 'vitest';
import {
  activationLink,
  createGuideBodySchema,
  guideStatsOf,
  isWhatsappNumber,
  joinCodeFromMessage,
  splitZones,
  updateGuideBodySchema,
} from './guide';

describe('guide rules shared by the admin form and the API', () => {
  it('split zones on commas, trimmed, empty parts dropped', () => {
    expect(splitZones(' Cusco, Sacred Valley ,, ,Lares,')).toEqual([
      'Cusco',
      'Sacred Valley',
      'Lares',
    ]);
    expect(splitZones('')).toEqual([]);
    expect(splitZones(' , ,\u200B')).toEqual([]);
  });

  it('require a name once trimmed, with the spec message', () => {
    const messageFor = (name: string) =>
      createGuideBodySchema.safeParse({ name, locale: 'es' }).error?.issues[0]?.message;
    expect(messageFor('   ')).toBe('Guide name is required');
    expect(messageFor('\u200B\uFEFF')).toBe('Guide name is required');
    expect(messageFor('Rosa')).toBeUndefined();
    expect(createGuideBodySchema.parse({ name: ' Rosa ', locale: 'fr' })).toEqual({
      name: 'Rosa',
      locale: 'fr',
      zones: [],
      isActive: true,
    });
  });

  it('clean zones the API receives as the form does, and drop repeats', () => {
    const { zones } = createGuideBodySchema.parse({
      name: 'Rosa',
      locale: 'es',
      zones: [' Cusco ', '', 'CUSCO', 'Lares', '  '],
    });
    expect(zones).toEqual(['Cusco', 'Lares']);
  });

  it('take a change of at least one field', () => {
    expect(updateGuideBodySchema.safeParse({}).success).toBe(false);
    expect(updateGuideBodySchema.safeParse({ secret: 'x' }).success).toBe(false);
    expect(updateGuideBodySchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it("read 'JOIN-<code>' in any case with spaces around, and nothing else", () => {
    expect(joinCodeFromMessage('JOIN-K7M2QX9PAB')).toBe('K7M2QX9PAB');
    expect(joinCodeFromMessage('  join-k7m2qx9pab \n')).toBe('K7M2QX9PAB');
    expect(joinCodeFromMessage('Join-K7m2')).toBe('K7M2');
    expect(joinCodeFromMessage('JOIN K7M2QX9PAB')).toBeNull();
    expect(joinCodeFromMessage('Please JOIN-K7M2QX9PAB')).toBeNull();
    expect(joinCodeFromMessage('JOIN-')).toBeNull();
    expect(joinCodeFromMessage('JOIN-K7M2-QX9P')).toBeNull();
  });

  it('take a business number of 8 to 15 digits only', () => {
    expect(isWhatsappNumber('51987654')).toBe(true);
    expect(isWhatsappNumber('519876543210123')).toBe(true);
    for (const bad of ['5198765', '5198765432101234', '+51987654321', '51 987 654 321', '', null]) {
      expect(isWhatsappNumber(bad), String(bad)).toBe(false);
    }
  });

  it('make the activation link, or none when the number is not one', () => {
    expect(activationLink('51987654321', 'K7M2QX9PAB')).toBe(
      'https://wa.me/51987654321?text=JOIN-K7M2QX9PAB',
    );
    expect(activationLink('+51 987 654 321', 'K7M2QX9PAB')).toBeNull();
    expect(activationLink(null, 'K7M2QX9PAB')).toBeNull();
  });

  it('count the figures from the list', () => {
    expect(
      guideStatsOf([
        buildGuide({ isActive: true, whatsappId: null }),
        buildGuide({ isActive: true, whatsappId: '51911222333' }),
        buildGuide({ isActive: false, whatsappId: '51911222444' }),
      ]),
    ).toEqual({ total: 3, active: 2, connected: 2, pendingActivation: 1 });
    expect(guideStatsOf([])).toEqual({ total: 0, active: 0, connected: 0, pendingActivation: 0 });
  });
});

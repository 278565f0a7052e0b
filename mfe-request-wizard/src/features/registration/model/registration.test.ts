import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry, matchesCountry } from './countries';
import { firstFieldInError, isValidWhatsapp, validateRegistration } from './registration';

const us = findCountry('US');
const valid = {
  firstName: 'Ana',
  lastName: 'Quispe',
  email: 'ana@example.com',
  whatsapp: '',
  countryCode: 'US',
};

describe('registration validation', () => {
  it('checks in the documented order, one message at a time', () => {
    const steps = [
      [{ ...valid, firstName: ' ', lastName: '', email: '' }, 'Please enter your first name.'],
      [{ ...valid, lastName: '', email: '' }, 'Please enter your last name.'],
      [{ ...valid, email: '' }, 'Please enter your email address.'],
      [{ ...valid, email: 'ana@example' }, 'Please enter a valid email address.'],
      [{ ...valid, email: 'ana quispe@example.com' }, 'Please enter a valid email address.'],
      [{ ...valid, whatsapp: '12ab' }, 'Please enter a valid WhatsApp number'],
    ] as const;
    for (const [values, message] of steps) {
      expect(Object.values(validateRegistration(values))).toEqual([message]);
    }
    expect(validateRegistration(valid)).toEqual({});
    expect(
      validateRegistration({ ...valid, whatsapp: '+51 984 123 456', countryCode: 'PE' }),
    ).toEqual({});
  });

  it('says in words when a name is longer than the 100 characters the API keeps', () => {
    expect(validateRegistration({ ...valid, firstName: 'A'.repeat(101) })).toEqual({
      firstName: 'Please keep your first name to 100 characters or fewer.',
    });
    expect(validateRegistration({ ...valid, lastName: 'Q'.repeat(101) })).toEqual({
      lastName: 'Please keep your last name to 100 characters or fewer.',
    });
    expect(validateRegistration({ ...valid, firstName: 'A'.repeat(100) })).toEqual({});
  });

  it("brings the traveler to the first field in error, in the form's order", () => {
    expect(firstFieldInError({})).toBeNull();
    expect(firstFieldInError({ email: 'x', firstName: 'y' })).toBe('firstName');
    expect(firstFieldInError({ whatsapp: 'x', lastName: 'y' })).toBe('lastName');
    expect(firstFieldInError(validateRegistration({ ...valid, email: 'ana@example' }))).toBe(
      'email',
    );
    expect(firstFieldInError({ countryCode: 'x' })).toBeNull();
  });

  it('accepts a WhatsApp number as dial code plus digits', () => {
    expect(isValidWhatsapp('+1 415 555 0100', us)).toBe(true);
    expect(isValidWhatsapp('415-555-0100', us)).toBe(true);
    expect(isValidWhatsapp('+51 984 123 456', findCountry('PE'))).toBe(true);
    expect(isValidWhatsapp('123', us)).toBe(false);
    expect(isValidWhatsapp('+1 415 555 0100 0000 00', us)).toBe(false);
  });

  it('reads dots and pasted invisible marks as separators', () => {
    const france = findCountry('FR');
    expect(isValidWhatsapp('06.12.34.56.78', france)).toBe(true);
    expect(isValidWhatsapp('+33 6.12.34.56.78', france)).toBe(true);
    expect(isValidWhatsapp('\u202A+33 6 12 34 56 78\u202C', france)).toBe(true);
    expect(isValidWhatsapp('\u200E06\u00A012\u2011345678', france)).toBe(true);
    expect(isValidWhatsapp('06.12.ab.56.78', france)).toBe(false);
  });

  it("reads a number written for abroad with the chosen country's prefix as that number", () => {
    const uk = findCountry('GB');
    expect(isValidWhatsapp('0044 7911 123456', uk)).toBe(true);
    expect(isValidWhatsapp('+44 7911 123456', uk)).toBe(true);
    expect(isValidWhatsapp('+44 (0)7911 123456', uk)).toBe(true);
    expect(isValidWhatsapp('07911 123456', uk)).toBe(true);
    expect(isValidWhatsapp('001 415 555 0100', us)).toBe(true);
    // Another country's number, written for abroad, is not one of the chosen country's.
    expect(isValidWhatsapp('0033 6 12 34 56 78', uk)).toBe(false);
    expect(isValidWhatsapp('+33 6 12 34 56 78', uk)).toBe(false);
    expect(isValidWhatsapp('0044 7911 123456 123456', uk)).toBe(false);
  });

  it('checks the optional number only when something visible is in it', () => {
    const uk = { ...valid, countryCode: 'GB' };
    expect(validateRegistration({ ...uk, whatsapp: '\u202A\u202C ' })).toEqual({});
    expect(validateRegistration({ ...uk, whatsapp: '0044 7911 123456' })).toEqual({});
    expect(validateRegistration({ ...uk, whatsapp: '---' })).toEqual({
      whatsapp: 'Please enter a valid WhatsApp number',
    });
  });

  it('reads a name of invisible characters only as no name', () => {
    expect(validateRegistration({ ...valid, firstName: '\u3164' })).toEqual({
      firstName: 'Please enter your first name.',
    });
    expect(validateRegistration({ ...valid, email: 'ana\u200B@example.com' })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });
});

describe('country chooser', () => {
  it('lists the nine countries with the United States first', () => {
    expect(COUNTRIES.map((c) => `${c.name} ${c.dialCode}`)).toEqual([
      'United States +1',
      'France +33',
      'United Kingdom +44',
      'Spain +34',
      'Germany +49',
      'Italy +39',
      'Canada +1',
      'Australia +61',
      'Peru +51',
    ]);
  });

  it('searches by name, dial code or country code', () => {
    const search = (q: string) => COUNTRIES.filter((c) => matchesCountry(c, q)).map((c) => c.code);
    expect(search('spa')).toEqual(['ES']);
    expect(search('+44')).toEqual(['GB']);
    expect(search('51')).toEqual(['PE']);
    expect(search('de')).toEqual(['DE']);
    expect(search('+1')).toEqual(['US', 'CA']);
  });
});

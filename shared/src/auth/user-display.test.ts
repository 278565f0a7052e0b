import { describe, expect, it } from 'vitest';
import { userDisplayName, userInitial } from './user-display';

describe('user display fallbacks', () => {
  it('avatar letter: first name, else e-mail, else U', () => {
    expect(userInitial({ firstName: 'ana', email: 'x@example.com' })).toBe('A');
    expect(userInitial({ firstName: null, email: 'wanderer@example.com' })).toBe('W');
    expect(userInitial({ firstName: ' ', email: null })).toBe('U');
    expect(userInitial(null)).toBe('U');
  });

  it('display name: first name, else the e-mail before the at-sign, else User', () => {
    expect(userDisplayName({ firstName: 'Ana', email: 'x@example.com' })).toBe('Ana');
    expect(userDisplayName({ firstName: null, email: 'wanderer@example.com' })).toBe('wanderer');
    expect(userDisplayName({ firstName: null, email: null })).toBe('User');
  });

  it("passes over a provider's placeholder address: 'User' and U, never 'facebook-1234'", () => {
    const placeholder = {
      firstName: null,
      email: 'facebook-1234@users.trekperu.invalid',
      hasTemporaryEmail: true,
    };
    expect(userDisplayName(placeholder)).toBe('User');
    expect(userInitial(placeholder)).toBe('U');
    expect(userDisplayName({ ...placeholder, firstName: 'Ana' })).toBe('Ana');
  });
});

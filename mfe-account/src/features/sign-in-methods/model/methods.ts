import type { AuthMethods } from '@trek/shared';

export type MethodName = 'google' | 'facebook' | 'magicLink';

/** The three sign-in methods in the order the page lists them, with their names. */
export const METHODS: ReadonlyArray<{ name: MethodName; label: string }> = [
  { name: 'google', label: 'Google' },
  { name: 'facebook', label: 'Facebook' },
  { name: 'magicLink', label: 'Magic link' },
];

export function methodLabel(name: string): string {
  return METHODS.find((method) => method.name === name)?.label ?? name;
}

/** The navigation that links a provider to the signed-in account (spec section 7). */
export function linkUrl(provider: 'google' | 'facebook', returnTo: string): string {
  return `/auth/${provider}?mode=link&returnTo=${returnTo}`;
}

/** Unlinking is possible while another method remains (the server keeps the same rule). */
export function canUnlink(methods: AuthMethods): boolean {
  return methods.hasMultipleMethods;
}

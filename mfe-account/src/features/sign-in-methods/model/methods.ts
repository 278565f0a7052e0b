import type { AuthMethods } from '@trek/shared';

export type MethodName = 'google' | 'facebook' | 'magicLink';

/** The three sign-in methods in the order the page lists them, with their names. */
export const METHODS: ReadonlyArray<{ name: MethodName; label: string }> = [
  { name: 'google', label: 'Google' },
  { name: 'facebook', label: 'Facebook' },
  { name: 'magicLink', label: 'Magic link' },
];

/** The method a name from the address stands for; none for anything else typed there. */
export function findMethod(name: string | null): (typeof METHODS)[number] | undefined {
  return METHODS.find((method) => method.name === name);
}

/** The navigation that links a provider to the signed-in account (spec section 7). */
export function linkUrl(provider: 'google' | 'facebook', returnTo: string): string {
  return `/auth/${provider}?mode=link&returnTo=${returnTo}`;
}

/** Unlinking is possible while another method remains (the server keeps the same rule). */
export function canUnlink(methods: AuthMethods): boolean {
  return methods.hasMultipleMethods;
}

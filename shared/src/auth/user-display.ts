import type { User } from '../schemas/user';

/**
 * What the fallbacks read; an e-mail may be missing where a user is only partly known. A
 * provider's placeholder address (`hasTemporaryEmail`) is nobody's name: it is passed over.
 */
type NamedUser = Pick<User, 'firstName'> & {
  email?: string | null;
  hasTemporaryEmail?: boolean;
};

/** The e-mail address the fallbacks may read: none while it is a placeholder. */
function realEmail(user: NamedUser | null | undefined): string | undefined {
  return user?.hasTemporaryEmail ? undefined : (user?.email ?? undefined);
}

/** The avatar letter when there is no profile image: first name, else e-mail, else U. */
export function userInitial(user: NamedUser | null | undefined): string {
  const source = user?.firstName?.trim() || realEmail(user)?.trim();
  return source ? source.charAt(0).toUpperCase() : 'U';
}

/** First name, else the part of the e-mail before the at-sign, else User. */
export function userDisplayName(user: NamedUser | null | undefined): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const local = realEmail(user)?.split('@')[0]?.trim();
  return local || 'User';
}

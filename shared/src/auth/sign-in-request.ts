/**
 * The navigation state of the header's Sign In when it is pressed on the wizard itself: the
 * wizard is already on screen, so instead of a navigation that changes nothing it opens its
 * sign-in modal. Elsewhere Sign In goes to /trek/new without it (the spec's target).
 */
export const SIGN_IN_REQUEST_STATE = { openSignIn: true } as const;

/** Whether a location's state asks the wizard to open its sign-in modal. */
export function isSignInRequest(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'openSignIn' in state &&
    state.openSignIn === true
  );
}

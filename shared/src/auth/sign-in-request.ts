/**
 * The navigation state of the header's Sign In: it goes to /trek/new (the spec's target) and asks
 * the wizard to open its sign-in modal, so a person pressing Sign In can sign in from any page,
 * the wizard included (where a navigation alone would change nothing).
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

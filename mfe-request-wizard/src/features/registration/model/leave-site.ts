/** A full-page navigation to the API's provider sign-in; a module of its own so tests can stand in for it. */
export function leaveSite(url: string): void {
  window.location.assign(url);
}

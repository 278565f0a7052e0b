/**
 * React Router names the entry of a page loaded afresh (typed, opened from an e-mail, a sign-in's
 * redirect) 'default', the same for every one, and keeps scroll positions by that name: each
 * such page opened where the last one was left. Before the router is created, the entry gets a
 * key of its own in `history.state`, where React Router reads it (a reload or Back keeps the
 * entry's state, so they still return to its place).
 */
export function giveLoadedPageAHistoryKey(history: History = window.history): void {
  const state: unknown = history.state;
  const kept = state !== null && typeof state === 'object' ? state : {};
  if ('key' in kept && typeof kept.key === 'string' && kept.key !== '') return;
  // As React Router makes its own keys (crypto.randomUUID needs a secure context).
  history.replaceState({ ...kept, key: Math.random().toString(36).slice(2, 10) }, '');
}

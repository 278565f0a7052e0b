import type { QueryClient } from '@tanstack/react-query';
import { type User, userQueryOptions } from '@trek/shared';

/** The channel every tab of the site shares (same origin). */
export const AUTH_CHANNEL_NAME = 'trek.auth';

interface AuthMessage {
  /** The signed-in user's id as the sending tab just read it, or null when signed out. */
  userId: string | null;
}

function isAuthMessage(data: unknown): data is AuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'userId' in data &&
    (typeof data.userId === 'string' || data.userId === null)
  );
}

/**
 * Keeps every open tab's idea of who is signed in in step. Each tab says who it found signed in
 * whenever that changes (a first read included: a tab opened by the e-mailed link says so as it
 * loads); a tab that believes otherwise refetches the user (the one source of truth, the API),
 * within the user query's own rules. Returns a function that stops listening.
 */
export function startAuthSync(queryClient: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  const { queryKey } = userQueryOptions();
  const known = () => {
    const state = queryClient.getQueryState<User | null>(queryKey);
    return state?.status === 'success' ? (state.data?.id ?? null) : undefined;
  };
  let lastSaid: string | null | undefined;

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== queryKey[0]) return;
    if (event.query.queryKey[1] !== queryKey[1]) return;
    const userId = known();
    if (userId === undefined || userId === lastSaid) return;
    lastSaid = userId;
    channel.postMessage({ userId } satisfies AuthMessage);
  });

  channel.onmessage = (event: MessageEvent) => {
    if (!isAuthMessage(event.data)) return;
    const mine = known();
    if (mine !== undefined && mine === event.data.userId) return;
    void queryClient.invalidateQueries({ queryKey });
  };

  return () => {
    unsubscribe();
    channel.close();
  };
}

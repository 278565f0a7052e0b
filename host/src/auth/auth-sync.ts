import type { Query, QueryClient } from '@tanstack/react-query';
import {
  healthQueryOptions,
  providersQueryOptions,
  type User,
  userQueryOptions,
} from '@trek/shared';

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
 * The reads whose answer is the same whoever is signed in. Every other query is someone's (and a
 * read added later is too until it is listed here), so it must not outlive its user.
 */
const NOBODYS_READS = [
  userQueryOptions().queryKey,
  providersQueryOptions().queryKey,
  healthQueryOptions().queryKey,
];

function isSomeonesRead(query: Query): boolean {
  return !NOBODYS_READS.some(
    (key) =>
      key.length === query.queryKey.length &&
      key.every((part, index) => part === query.queryKey[index]),
  );
}

/**
 * Keeps the cache to the signed-in user and every open tab's idea of who that is in step.
 *
 * The cache never goes stale, so what one user read (projects, settings, sign-in methods...) would
 * be shown to the next one signed in on the same page, even through a sign-out in between. Once
 * the user read names someone other than the user the cached reads belong to, they are reset
 * before any page renders again: no data, in-flight reads dropped, the reads shown re-sent.
 *
 * Each tab says who it found signed in whenever that changes (a first read included: a tab
 * opened by the e-mailed link says so as it loads); a tab that believes otherwise refetches the
 * user (the one source of truth, the API), within the user query's own rules. Returns a function
 * that stops both.
 */
export function startAuthSync(queryClient: QueryClient): () => void {
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL_NAME);
  const { queryKey } = userQueryOptions();
  const known = () => {
    const state = queryClient.getQueryState<User | null>(queryKey);
    return state?.status === 'success' ? (state.data?.id ?? null) : undefined;
  };
  let lastSaid: string | null | undefined;
  // Whose the cached reads are: the last user signed in, kept through a sign-out.
  let owner: string | undefined;

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== queryKey[0]) return;
    if (event.query.queryKey[1] !== queryKey[1]) return;
    const userId = known();
    if (userId === undefined || userId === lastSaid) return;
    lastSaid = userId;
    if (userId !== null) {
      // Query cache events are sent as the state changes, before observers re-render.
      if (owner !== undefined && owner !== userId)
        void queryClient.resetQueries({ predicate: isSomeonesRead });
      owner = userId;
    }
    channel?.postMessage({ userId } satisfies AuthMessage);
  });

  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      if (!isAuthMessage(event.data)) return;
      const mine = known();
      if (mine !== undefined && mine === event.data.userId) return;
      void queryClient.invalidateQueries({ queryKey });
    };
  }

  return () => {
    unsubscribe();
    channel?.close();
  };
}

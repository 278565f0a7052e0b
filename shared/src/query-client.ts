import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { userQueryOptions } from './api/auth';
import { ApiError } from './api/client';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The page explains a 401 itself (Edit project's dialog offers to sign in again): the
       * suite-wide "session ended" answer (the user read again, the toast) leaves it alone.
       * Default false.
       */
      handlesSessionEnd?: boolean;
    };
  }
}

/**
 * For a query the host starts with its route (host/src/routes.tsx `queries`): the page that
 * mounts next shows the route's answer, a failure included, instead of asking again (a failed
 * read was sent twice, ~300 ms apart). Coming back to the route reads it anew: a failed query
 * holds no data, so the route's prefetch finds it stale.
 */
export const STARTED_WITH_ITS_ROUTE = { retryOnMount: false } as const;

/** What a write answered 401 says to a person who was signed in (decision 80). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** The toast's id: two writes refused together say it once. */
const SESSION_ENDED_TOAST = 'session-ended';

const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A 401 means not signed in (spec section 4, "Auth state"), wherever it comes from: the user is
 * read again, and when that read says no one, the host's guard sends a signed-in page to sign-in
 * and the header shows Sign In. The user read itself answers null on 401, so it cannot loop.
 */
function readUserAgain(client: QueryClient) {
  void client.invalidateQueries({ queryKey: userQueryOptions().queryKey });
}

/**
 * The one QueryClient factory, with the cache policy of docs/product/site.md: reads are not retried,
 * not refetched on focus or by interval, and cached data never goes stale. A call answered 401
 * (the session ended: cookie expired, signed out elsewhere) reads the user again; a write also
 * says why it failed, since trying again cannot work.
 */
export function createQueryClient(): QueryClient {
  const sentSignedIn = new WeakMap<object, boolean>();
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (sessionEnded(error)) readUserAgain(client);
      },
    }),
    mutationCache: new MutationCache({
      // Whether someone was signed in is read as the write starts: another tab's sign-out may
      // have emptied the user before the write's 401 comes back.
      onMutate: (_variables, mutation) => {
        sentSignedIn.set(mutation, Boolean(client.getQueryData(userQueryOptions().queryKey)));
      },
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (!sessionEnded(error) || mutation.meta?.handlesSessionEnd) return;
        // Only someone who was signed in had a session to end.
        const wasSignedIn = sentSignedIn.get(mutation) ?? false;
        readUserAgain(client);
        if (!wasSignedIn) return;
        // The page's own failure toast comes after this handler (the mutation's onError, then
        // its caller's, both run before a timer); one toast shows at a time, the newest, so this
        // one waits a task. A page that showed its failure later (after awaiting something)
        // would hide it: show a failure at once, in onError or the catch.
        setTimeout(() => {
          notifications.hide(SESSION_ENDED_TOAST);
          notifications.show({
            id: SESSION_ENDED_TOAST,
            color: 'red',
            message: SESSION_ENDED_MESSAGE,
          });
        }, 0);
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { RemoteUnavailableError } from './remote-unavailable-error';
import { MANIFEST_TIME_LIMIT_MS, withTimeLimit } from './time-limit';

export interface ResilienceOptions {
  /** Attempts for a manifest fetch or a remote entry script, first one included. Default 3. */
  attempts?: number;
  /** Delay before the n-th retry is `retryDelayMs * n`. Default 300. */
  retryDelayMs?: number;
  /** A manifest read, its retries included, gives up after this. Default MANIFEST_TIME_LIMIT_MS. */
  manifestTimeLimitMs?: number;
  /** A remote entry script, its retries included, gives up after this. Default 10 s. */
  entryTimeLimitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetchImpl?: typeof fetch;
  /** Told the text of every manifest the runtime reads (skew recovery compares with it). */
  onManifest?: (url: string, text: string) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A remote entry is about 7 kB of brotli, seconds on a slow mobile network; the runtime's own
 * limit is 20 s a try, three tries, so a remote that never answers kept the skeleton a minute.
 */
const ENTRY_TIME_LIMIT_MS = 10_000;

/**
 * Two of the failure layers (docs/decisions/0002-failure-layers.md): retry a failed manifest or
 * entry fetch a few times, then turn the final failure into an error the page's boundary
 * explains: RemoteUnavailableError (Retry), or IncompatibleRemoteError as it is. It also tells
 * skew recovery what each manifest said.
 */
export function resiliencePlugin(options: ResilienceOptions = {}): ModuleFederationRuntimePlugin {
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const sleep = options.sleep ?? defaultSleep;

  const manifestTimeLimitMs = options.manifestTimeLimitMs ?? MANIFEST_TIME_LIMIT_MS;
  const entryTimeLimitMs = options.entryTimeLimitMs ?? ENTRY_TIME_LIMIT_MS;
  /** By entry URL: when its script must have come, retries included. */
  const entryDeadlines = new Map<string, number>();
  /** Entries whose failed first try loadEntryError is retrying. */
  const retrying = new Set<string>();

  return {
    name: 'trek-resilience',

    fetch(url, init) {
      const fetchImpl = options.fetchImpl ?? globalThis.fetch;
      return withTimeLimit(manifestTimeLimitMs, url, async (signal) => {
        let lastError: unknown;
        for (let attempt = 1; attempt <= attempts && !signal.aborted; attempt += 1) {
          try {
            const response = await fetchImpl(url, { ...init, signal });
            // Only a server error is worth another try; a 404 will not heal by itself.
            if (response.status < 500) {
              // Read within the time limit: a body that stalls after its headers counts too.
              const text = await response.clone().text();
              if (response.ok) options.onManifest?.(url, text);
              return response;
            }
            lastError = new Error(`${response.status} ${response.statusText} for ${url}`);
          } catch (error) {
            lastError = error;
          }
          if (attempt < attempts) await sleep(retryDelayMs * attempt);
        }
        throw lastError;
      });
    },

    createScript({ url, remoteInfo }) {
      // Only the entry: the chunks the runtime preloads alongside it keep their own limit.
      if (url !== remoteInfo?.entry) return undefined;
      const now = Date.now();
      let deadline = entryDeadlines.get(url);
      if (deadline === undefined || deadline <= now) {
        deadline = now + entryTimeLimitMs;
        entryDeadlines.set(url, deadline);
      }
      return { timeout: deadline - now };
    },

    afterLoadEntry({ remoteInfo }) {
      // The next load of this entry (Retry) gets a whole time limit again.
      if (!retrying.has(remoteInfo.entry)) entryDeadlines.delete(remoteInfo.entry);
    },

    loadEntryError({ getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }) {
      const url = remoteInfo.entry;
      const retry = async () => {
        retrying.add(url);
        // An entry not loaded by a script (an ES module) has no deadline yet: it starts now.
        const deadline = entryDeadlines.get(url) ?? Date.now() + entryTimeLimitMs;
        entryDeadlines.set(url, deadline);
        try {
          for (let attempt = 1; attempt < attempts; attempt += 1) {
            const delay = retryDelayMs * attempt;
            // A try that used up the time limit (a remote that never answers) is the last.
            const left = deadline - Date.now();
            if (left <= delay) return undefined;
            await sleep(delay);
            // The failed script promise is cached under this key; drop it so the script is fetched anew.
            delete globalLoading[uniqueKey];
            try {
              const entry = await getRemoteEntry({ origin, remoteInfo });
              if (entry) return entry;
            } catch {
              // The next attempt, or the error boundary, takes over.
            }
          }
          return undefined;
        } finally {
          retrying.delete(url);
          entryDeadlines.delete(url);
        }
      };
      // The hook's declared type nests the promise; the runtime awaits it either way.
      return new Promise<ReturnType<typeof retry> | undefined>((resolve) => resolve(retry()));
    },

    errorLoadRemote({ id, error, lifecycle, remote }) {
      // Other lifecycles are inner steps of a load; their failure reaches 'onLoad' as well, and
      // letting the runtime throw there keeps its own caches clean.
      if (lifecycle !== 'onLoad') return undefined;
      const incompatible = findIncompatibility(error);
      if (incompatible) throw incompatible;
      const name = remote?.name ?? id.split('/')[0] ?? id;
      throw new RemoteUnavailableError(name, { cause: error });
    },
  };
}

/** The refusal of an incompatible remote, even when the runtime wrapped it in its own error. */
function findIncompatibility(error: unknown): IncompatibleRemoteError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof IncompatibleRemoteError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

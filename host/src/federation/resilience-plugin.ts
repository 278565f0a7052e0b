import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { RemoteUnavailableError } from './remote-unavailable-error';

export interface ResilienceOptions {
  /** Attempts for a manifest fetch or a remote entry script, first one included. Default 3. */
  attempts?: number;
  /** Delay before the n-th retry is `retryDelayMs * n`. Default 300. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetchImpl?: typeof fetch;
  /** Told the text of every manifest the runtime reads (skew recovery compares with it). */
  onManifest?: (url: string, text: string) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

  return {
    name: 'trek-resilience',

    async fetch(url, init) {
      const fetchImpl = options.fetchImpl ?? globalThis.fetch;
      let lastError: unknown;
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        try {
          const response = await fetchImpl(url, init);
          // Only a server error is worth another try; a 404 will not heal by itself.
          if (response.status < 500) {
            if (response.ok && options.onManifest) {
              options.onManifest(url, await response.clone().text());
            }
            return response;
          }
          lastError = new Error(`${response.status} ${response.statusText} for ${url}`);
        } catch (error) {
          lastError = error;
        }
        if (attempt < attempts) await sleep(retryDelayMs * attempt);
      }
      throw lastError;
    },

    loadEntryError({ getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }) {
      const retry = async () => {
        for (let attempt = 1; attempt < attempts; attempt += 1) {
          await sleep(retryDelayMs * attempt);
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

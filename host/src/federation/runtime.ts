import { chunkLoadingGlobalOf, type ExposedPage } from '@trek/shared/contract';
import type { ComponentType } from 'react';
import type { HostFederation } from './host-federation';
import { IncompatibleRemoteError } from './incompatible-remote-error';
import { type RemoteMap, type RemoteName, readRemoteMap } from './remote-map';
import { RemoteUnavailableError } from './remote-unavailable-error';
import { MANIFEST_TIME_LIMIT_MS, withTimeLimit } from './time-limit';

export type PageModule = { default: ComponentType };

let remoteMap: RemoteMap = {};
/** Federation's runtime, once the first remote page has asked for it. */
let federation: Promise<HostFederation> | undefined;
let started: HostFederation | undefined;
/**
 * The first remote's manifest, fetched while the runtime's chunk downloads instead of after it
 * (a round trip fewer before a first remote page), and handed to the runtime's first read of it.
 */
const earlyManifests = new Map<string, Promise<Response>>();
/** The text of each manifest as the runtime last read it, by URL. */
const manifests = new Map<string, string>();
/** A redeploy check under way, per remote, so two failing loads share one. */
const redeployChecks = new Map<RemoteName, Promise<boolean>>();
/**
 * Remotes refused for needing a newer @trek/shared. The refusal stands until the remote is
 * registered anew: a second load would not ask again (the runtime keeps the failed module).
 */
const refused = new Map<RemoteName, IncompatibleRemoteError>();

/**
 * Reads the page's remote map; called once before the first render. Federation's runtime is
 * created later, with the first remote page (a chunk of its own: ./host-federation).
 */
export function startFederation(map: RemoteMap = readRemoteMap()): void {
  remoteMap = map;
}

function hostFederation(remote: RemoteName): Promise<HostFederation> {
  const entry = remoteMap[remote];
  if (!federation && entry) {
    const early = readEarly(entry);
    // A failed early read is the runtime's to retry (the resilience plugin), not an error here.
    early.catch(() => {});
    earlyManifests.set(entry, early);
  }
  federation ??= import(/* webpackChunkName: "federation" */ './host-federation')
    .then(({ createHostFederation }) => {
      started = createHostFederation({
        remotes: remoteMap,
        fetchManifest: readManifest,
        onManifest: (url, text) => {
          const before = manifests.get(url);
          manifests.set(url, text);
          // Another build than the one loaded, read by a Retry after the redeploy check could not
          // tell (its read failed): its chunks get a fresh array before its entry runs.
          const name = remoteNamed(url);
          if (before !== undefined && before !== text && name) freshChunkArray(name);
        },
      });
      return started;
    })
    .catch((error: unknown) => {
      // A chunk that could not be fetched is fetched anew by the next load (Retry).
      federation = undefined;
      throw error;
    });
  return federation;
}

/**
 * The early read, whole (a body that stalls counts against the time limit too), kept as an answer
 * the runtime can read whenever its chunk has come: the limit's abort cannot reach it any more.
 */
function readEarly(url: string): Promise<Response> {
  return withTimeLimit(MANIFEST_TIME_LIMIT_MS, url, async (signal) => {
    const response = await fetch(url, { signal });
    const { status, statusText, headers } = response;
    return new Response(await response.text(), { status, statusText, headers });
  });
}

/** The runtime's reads of manifests: the early answer for the first one, the network after. */
function readManifest(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const early = earlyManifests.get(url);
  earlyManifests.delete(url);
  return early ?? fetch(input, init);
}

/**
 * Registers a remote anew: the runtime forgets its manifest, entry script and modules, so the
 * next load fetches them again. Retry uses it after a failure, and skew recovery after a redeploy.
 * The chunks' global array is kept: pages of the remote loaded before hold it, and their later
 * chunks arrive through it (the same build's entry, run again, joins it).
 */
export function resetRemote(name: RemoteName): void {
  const entry = remoteMap[name];
  if (!entry) return;
  refused.delete(name);
  // Before the runtime exists no remote has been loaded: there is nothing to forget.
  started?.registerRemotes([{ name, entry }], { force: true });
}

/**
 * A redeployed remote: registered anew, and its chunks get a fresh global array, so no chunk of
 * the old build is taken for one of the new build's (their ids may collide).
 */
function loadNewBuild(name: RemoteName): void {
  freshChunkArray(name);
  resetRemote(name);
}

function freshChunkArray(name: RemoteName): void {
  (globalThis as Record<string, unknown>)[chunkLoadingGlobalOf(name)] = [];
}

/** The remote whose manifest is at `url` in the page's remote map. */
function remoteNamed(url: string): RemoteName | undefined {
  return (Object.keys(remoteMap) as RemoteName[]).find((name) => remoteMap[name] === url);
}

/**
 * Loads one exposed page. When a load fails, the remote's manifest is fetched again: if it
 * changed, the remote was redeployed under the open page (its old chunks are gone), so the new
 * version is loaded and the import retried once, silently. Only when that does not help does
 * the error reach the page's fallback (docs/decisions/0006-skew-recovery.md).
 */
export async function loadRemotePage<R extends RemoteName>(
  remote: R,
  expose: ExposedPage<R>,
): Promise<PageModule> {
  const entry = remoteMap[remote];
  if (!entry) throw new RemoteUnavailableError(remote);
  const refusal = refused.get(remote);
  if (refusal) throw refusal;
  try {
    return await importPage(remote, expose);
  } catch (error) {
    if (error instanceof IncompatibleRemoteError) throw reported(remote, expose, error);
    // A load running alongside may have met the refusal, which leaves this one a vaguer error.
    const refusedMeanwhile = refused.get(remote);
    if (refusedMeanwhile) throw refusedMeanwhile;
    if (await redeployed(remote, entry)) {
      console.info(`[federation] "${remote}" was redeployed; loading its new version.`);
      try {
        return await importPage(remote, expose);
      } catch (retryError) {
        throw reported(remote, expose, retryError);
      }
    }
    throw reported(remote, expose, error);
  }
}

async function importPage(remote: RemoteName, expose: string): Promise<PageModule> {
  const module = await (await hostFederation(remote)).loadRemote<PageModule>(`${remote}/${expose}`);
  if (!module?.default) throw new RemoteUnavailableError(remote);
  return module;
}

function reported(remote: RemoteName, expose: string, error: unknown): Error {
  if (error instanceof IncompatibleRemoteError) {
    const named =
      error.remote === remote
        ? error
        : new IncompatibleRemoteError(remote, error.requiredVersion, error.providedVersion, {
            share: error.share,
            builtAgainstOlder: error.builtAgainstOlder,
          });
    refused.set(remote, named);
    console.error(named.message);
    return named;
  }
  console.error(`[federation] Could not load "${remote}/${expose}".`, error);
  return error instanceof RemoteUnavailableError
    ? error
    : new RemoteUnavailableError(remote, { cause: error });
}

/** Whether the remote's manifest differs from the one its loaded version came from. */
function redeployed(remote: RemoteName, entry: string): Promise<boolean> {
  let check = redeployChecks.get(remote);
  if (!check) {
    check = (async () => {
      const before = manifests.get(entry);
      if (before === undefined) return false;
      let now: string | undefined;
      try {
        // Every failing load of the remote waits for this check: it must end.
        now = await withTimeLimit(MANIFEST_TIME_LIMIT_MS, entry, async (signal) => {
          const response = await fetch(entry, { cache: 'no-store', signal });
          return response.ok ? await response.text() : undefined;
        });
      } catch {
        return false;
      }
      if (now === undefined || now === before) return false;
      manifests.set(entry, now);
      loadNewBuild(remote);
      return true;
    })().finally(() => redeployChecks.delete(remote));
    redeployChecks.set(remote, check);
  }
  return check;
}

import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { type RemoteMap, type RemoteName, readRemoteMap } from './remote-map';
import { RemoteUnavailableError } from './remote-unavailable-error';
import { resiliencePlugin } from './resilience-plugin';

export type PageModule = { default: ComponentType };

let remoteMap: RemoteMap = {};

/** Registers the remotes of the page's remote map; called once before the first render. */
export function startFederation(map: RemoteMap = readRemoteMap()): void {
  remoteMap = map;
  registerPlugins([resiliencePlugin()]);
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
}

/**
 * Registers a remote again, which clears what the runtime cached of a failed attempt (manifest,
 * entry script), so a Retry really fetches again.
 */
export function resetRemote(name: RemoteName): void {
  const entry = remoteMap[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

export async function loadRemotePage(remote: RemoteName, expose: string): Promise<PageModule> {
  if (!remoteMap[remote]) throw new RemoteUnavailableError(remote);
  const module = await loadRemote<PageModule>(`${remote}/${expose}`);
  if (!module?.default) throw new RemoteUnavailableError(remote);
  return module;
}

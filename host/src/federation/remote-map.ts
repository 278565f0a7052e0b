import { REMOTE_NAMES, type RemoteName } from '@trek/shared/contract';
import { z } from 'zod/mini';

export type { RemoteName };

/** Manifest URL of each remote that could be read; a missing one makes only its routes fail. */
export type RemoteMap = Partial<Record<RemoteName, string>>;

const manifestUrlSchema = z.url();

/**
 * Reads the remote map from the JSON script in index.html. The serving side rewrites that script,
 * so remotes move without a host rebuild. A broken entry is dropped (and logged) rather than
 * taking the whole shell down.
 */
export function readRemoteMap(doc: Document = document): RemoteMap {
  const text = doc.getElementById('remote-map')?.textContent ?? '';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    console.error('[federation] The remote map in index.html is not valid JSON.');
    return {};
  }
  const map: RemoteMap = {};
  for (const name of REMOTE_NAMES) {
    const parsed = manifestUrlSchema.safeParse((raw as Record<string, unknown> | null)?.[name]);
    if (parsed.success) map[name] = parsed.data;
    else console.error(`[federation] No valid manifest URL for remote "${name}".`);
  }
  return map;
}

// @ts-check
/**
 * The remote map as a JSON file ({ "<remote>": "<manifest URL>", ... }) that the host's server
 * reads while it runs: rolling a remote forward or back is one edit of the file, no restart
 * (docs/decisions/0001-runtime-remote-map.md). A file that cannot be read or does not hold a
 * valid map is reported and the last good map stays in use: a bad edit never breaks the site.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { REMOTE_NAMES } from '../shared/src/contract/index.js';

/** @typedef {Record<import('../shared/src/contract/index.js').RemoteName, string>} RemoteMap */

/**
 * Checks a parsed map: exactly the remotes of the federation contract, each an http(s) URL.
 * @param {unknown} value
 * @returns {{ map: RemoteMap } | { problem: string }}
 */
export function validateRemoteMap(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: 'it is not a JSON object of remote name -> manifest URL' };
  }
  const entries = /** @type {Record<string, unknown>} */ (value);
  const unknown = Object.keys(entries).filter(
    (name) => !(/** @type {string[]} */ (REMOTE_NAMES).includes(name)),
  );
  if (unknown.length) {
    return {
      problem: `unknown remote ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${REMOTE_NAMES.join(', ')})`,
    };
  }
  /** @type {Partial<RemoteMap>} */
  const map = {};
  for (const name of REMOTE_NAMES) {
    const url = entries[name];
    if (typeof url !== 'string') return { problem: `no manifest URL for "${name}"` };
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return { problem: `"${name}" is not a URL: ${url}` };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      return { problem: `"${name}" must be an http(s) URL: ${url}` };
    }
    map[name] = url;
  }
  return { map: /** @type {RemoteMap} */ (map) };
}

/**
 * Reads and checks a map file now; throws a message naming the file when it is not usable.
 * @param {string} file
 * @returns {RemoteMap}
 */
export function readRemoteMapFile(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the remote map ${file}: ${/** @type {Error} */ (error).message}`);
  }
  const result = parseRemoteMap(text);
  if ('problem' in result)
    throw new Error(`The remote map ${file} is not valid: ${result.problem}`);
  return result.map;
}

/** @param {string} text */
function parseRemoteMap(text) {
  try {
    return validateRemoteMap(JSON.parse(text));
  } catch {
    return { problem: 'it is not valid JSON' };
  }
}

/**
 * Writes a map file; with `overwrite: false` an existing file is left as it is.
 * @param {string} file
 * @param {RemoteMap} map
 * @param {{ overwrite: boolean }} options
 * @returns {boolean} whether the file was written
 */
export function writeRemoteMapFile(file, map, { overwrite }) {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(map, null, 2)}\n`, { flag: overwrite ? 'w' : 'wx' });
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * The map in a file as it is now, looked at on every call (a stat, and a read only when the file
 * changed), so the next page served after an edit carries the new map.
 * @param {string} file
 * @param {{ log?: (message: string) => void }} [options]
 */
export function liveRemoteMap(file, options = {}) {
  const log = options.log ?? ((message) => console.error(message));
  let current = readRemoteMapFile(file);
  let seen = '';
  let reported = '';
  return async function currentRemoteMap() {
    let version;
    try {
      const stats = await stat(file);
      version = `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
      if (version === seen) return current;
      const result = parseRemoteMap(await readFile(file, 'utf8'));
      if ('problem' in result) throw new Error(`it is not valid: ${result.problem}`);
      current = result.map;
      seen = version;
      reported = '';
    } catch (error) {
      const message = `The remote map ${file} could not be used (${/** @type {Error} */ (error).message}); the last good map stays in use.`;
      // Once per state of the file, not once per page.
      if (message !== reported) log(message);
      reported = message;
    }
    return current;
  };
}

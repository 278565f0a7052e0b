// @ts-check
/**
 * `npm start` reads a `.env` file at the root of the checkout, if there is one (see .env.example):
 * each variable it sets that the environment does not already hold, so a variable given on the
 * command line or exported in the shell wins over the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Adds the file's variables to `env` where `env` has none; returns the names it added.
 * @param {string} file
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function applyEnvFile(file, env) {
  if (!existsSync(file)) return [];
  const fromFile = parseEnv(readFileSync(file, 'utf8'));
  const added = [];
  for (const [name, value] of Object.entries(fromFile)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    added.push(name);
  }
  return added;
}

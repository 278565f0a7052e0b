// @ts-check
/**
 * What the two commands need before anything else, on a machine that has only Node 20 and npm:
 * pnpm (the version pinned in package.json), the workspace's packages, and for the browser tests
 * Debian's Chromium. Each step is skipped when already satisfied.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM_PATH = '/usr/bin/chromium';

const pnpmVersion = JSON.parse(
  readFileSync(join(ROOT, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

/** @param {string} message */
export function step(message) {
  console.log(`\n\u25b8 ${message}`);
}

/**
 * Runs a command with inherited output; rejects with a readable error on failure.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
 */
export function run(command, args, options = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolveRun(undefined);
      else
        reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** @param {string} command @param {string[]} args */
function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** @type {string[] | undefined} */
let pnpmCommand;

/**
 * The command that runs the pinned pnpm: a global one if it is the right version, else one
 * installed with npm, else through npx (for machines where a global install is not allowed).
 * @returns {string[]}
 */
export function ensurePnpm() {
  if (pnpmCommand) return pnpmCommand;
  const version = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (version.status === 0 && version.stdout.trim() === pnpmVersion) {
    pnpmCommand = ['pnpm'];
    return pnpmCommand;
  }
  step(`Installing pnpm ${pnpmVersion} with npm`);
  if (
    succeeds('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${pnpmVersion}`]) &&
    succeeds('pnpm', ['--version'])
  ) {
    pnpmCommand = ['pnpm'];
  } else {
    pnpmCommand = ['npx', '--yes', `pnpm@${pnpmVersion}`];
  }
  return pnpmCommand;
}

/**
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
 */
export function pnpm(args, options) {
  const [command, ...prefix] = ensurePnpm();
  return run(/** @type {string} */ (command), [...prefix, ...args], options);
}

export async function installDependencies() {
  step('Installing dependencies (pnpm install --frozen-lockfile)');
  await pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
}

/** Debian's Chromium: Playwright's own browser download cannot work on these machines. */
export async function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  step("Installing Chromium from Debian's packages");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const [command = 'apt-get', ...rest] = [...sudo, 'apt-get'];
  await run(command, [...rest, 'update', '-qq']);
  await run(command, [...rest, 'install', '-y', '-qq', '--no-install-recommends', 'chromium']);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium was installed but ${CHROMIUM_PATH} is missing`);
}

/**
 * Production builds: the API, then the remotes and the host one at a time (each Rspack build
 * already uses both cores of the small machines).
 */
export async function buildAll() {
  step('Building the API');
  await pnpm(['--filter', '@trek/api', 'build']);
  step('Building the remotes and the host (production bundles)');
  await pnpm([
    '-r',
    '--workspace-concurrency=1',
    '--filter',
    './mfe-*',
    '--filter',
    '@trek/host',
    'build',
  ]);
}

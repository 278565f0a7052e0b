// @ts-check
/**
 * `npm start`: installs what is missing (pnpm included), builds the production bundles, then runs
 * the API, the four remotes and the host. Ctrl-C stops everything it started.
 * Flags: --no-install, --no-build (for a second start on an already built checkout),
 * --no-env-file (ignore `.env`: the e2e suite starts from its own environment only).
 */
import { join } from 'node:path';
import { applyEnvFile } from './env-file.mjs';
import { buildAll, installDependencies, ROOT, step } from './toolchain.mjs';

const flags = new Set(process.argv.slice(2));
// Read first, so the build (PUBLIC_* variables), the API and the servers all get the values.
if (!flags.has('--no-env-file')) {
  const added = applyEnvFile(join(ROOT, '.env'), process.env);
  if (added.length > 0) step(`Read ${added.length} variable(s) from .env: ${added.join(', ')}`);
}
try {
  if (!flags.has('--no-install')) await installDependencies();
  if (!flags.has('--no-build')) await buildAll();
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// Imported only now: the servers need the packages installed above.
const { startSuite } = await import('./suite.mjs');
step('Starting the API, the remotes and the host');
const suite = await startSuite(process.env).catch((error) => {
  console.error(`\nCould not start the suite: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

const { config } = suite;
console.log(`
  TrekPeru is running.

  Open ${suite.url}

  API      http://127.0.0.1:${config.apiPort}
  Remotes  ${Object.entries(config.remotes)
    .map(([name, r]) => `${name} :${r.port}`)
    .join(', ')}
  Remote map  ${config.remoteMapFile} (edit it to switch a remote, no restart)

  Press Ctrl-C to stop.
`);

let stopping = false;
/** @param {number} code */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await suite.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
suite.apiExit.then((code) => {
  if (!stopping) {
    console.error(`The API stopped unexpectedly (exit code ${code}).`);
    void stop(1);
  }
});

// @ts-check
/**
 * `npm test`: installs what is missing (pnpm, packages, Debian's Chromium), then runs lint,
 * typecheck, unit and API tests, the production build and the end-to-end suite. Stops at the
 * first failing stage and exits non-zero.
 */

import { clearTestReports, summariseTestReports } from './test-report.mjs';
import { buildAll, ensureChromium, installDependencies, pnpm, step } from './toolchain.mjs';

const started = Date.now();
clearTestReports();
/** @type {Array<[string, () => Promise<unknown>]>} */
const stages = [
  ['Install dependencies', installDependencies],
  ['Chromium', ensureChromium],
  ['Lint and format (Biome)', () => pnpm(['run', 'lint'])],
  ['Typecheck', () => pnpm(['run', 'typecheck'])],
  ['Unit, component and API tests (Vitest)', () => pnpm(['run', 'unit'])],
  ['Production build', buildAll],
  ['End-to-end tests (Playwright, Chromium)', () => pnpm(['run', 'e2e'])],
];

for (const [name, runStage] of stages) {
  step(name);
  try {
    await runStage();
  } catch (error) {
    console.error(`\n\u2717 ${name} failed: ${error instanceof Error ? error.message : error}`);
    summariseTestReports();
    process.exit(1);
  }
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n\u2713 Every stage passed in ${minutes} min.`);
summariseTestReports();

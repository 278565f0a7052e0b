// @ts-check
/**
 * `npm test`: installs what is missing (pnpm, packages, Debian's Chromium), then runs lint,
 * typecheck, unit and API tests, the production build and the end-to-end suite. Stops at the
 * first failing stage and exits non-zero.
 */

import { auditDependencies } from './audit.mjs';
import { startThrowawayCluster } from './postgres.mjs';
import { clearTestReports, summariseTestReports } from './test-report.mjs';
import { buildAll, ensureChromium, installDependencies, pnpm, step } from './toolchain.mjs';

/**
 * The API's tests once more on a throwaway PostgreSQL cluster (each test API gets a fresh
 * database on it, see api/src/testing/test-api.ts): DATABASE_URL, the path past one machine, is
 * tested code. Left out: the process tests of the embedded database's folder (durability), and
 * the fuzzer runs a fifth of its cases (the first run did them all).
 */
async function apiTestsOnPostgres() {
  const cluster = await startThrowawayCluster();
  try {
    await pnpm(
      [
        '--filter',
        '@trek/api',
        'exec',
        'vitest',
        'run',
        '--exclude',
        'src/durability.test.ts',
        '--outputFile.json=test-results/vitest-postgres.json',
      ],
      { env: { ...process.env, TEST_DATABASE_URL: cluster.url, FUZZ_CASES: '2000' } },
    );
  } finally {
    cluster.stop();
  }
}

// The e2e suite checks the pages of a default build (its stand-in marketing site is the default
// address): a deployment's build-time settings in the shell are not this run's.
delete process.env.PUBLIC_MARKETING_SITE_URL;

const started = Date.now();
clearTestReports();
/** @type {Array<[string, () => Promise<unknown>]>} */
const stages = [
  ['Install dependencies', installDependencies],
  ['Chromium', ensureChromium],
  ['Lint and format (Biome)', () => pnpm(['run', 'lint'])],
  ['Typecheck', () => pnpm(['run', 'typecheck'])],
  ['Dependency audit (pnpm audit: no high or critical advisory)', auditDependencies],
  ['Unit, component and API tests (Vitest)', () => pnpm(['run', 'unit'])],
  ['API tests on PostgreSQL (a throwaway cluster)', apiTestsOnPostgres],
  ['Production build', buildAll],
  // CI set: a test left with `.only` fails the run instead of being the only one run.
  [
    'End-to-end tests (Playwright, Chromium)',
    () => pnpm(['run', 'e2e'], { env: { ...process.env, CI: process.env.CI || '1' } }),
  ],
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

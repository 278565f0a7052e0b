// @ts-check
/**
 * Adds up the JSON reports that Vitest and Playwright write during `npm test`, and prints the
 * one closing line CI reads: "N passed, N failed".
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './toolchain.mjs';

const VITEST_REPORTS = [
  'shared',
  'host',
  'mfe-request-wizard',
  'mfe-projects',
  'mfe-account',
  'mfe-admin',
  'api',
  'scripts',
]
  .map((dir) => join(ROOT, dir, 'test-results/vitest.json'))
  // The API suite again, on a real PostgreSQL (scripts/test.mjs).
  .concat(join(ROOT, 'api/test-results/vitest-postgres.json'));
const PLAYWRIGHT_REPORT = join(ROOT, 'e2e/test-results/playwright.json');

export function summariseTestReports() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of VITEST_REPORTS) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (existsSync(PLAYWRIGHT_REPORT)) {
    const stats = JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
  }
  console.log(
    `\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}

/** Removes the reports of an earlier run so they are never counted again. */
export function clearTestReports() {
  for (const file of [...VITEST_REPORTS, PLAYWRIGHT_REPORT]) rmSync(file, { force: true });
}

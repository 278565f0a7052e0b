import { defineConfig } from '@playwright/test';
import { clearDeploymentSettings } from './support/deployment-settings';
import { BASE_URL, CHROMIUM_LAUNCH } from './support/suite-env';

// Before anything starts (the workers inherit this environment): the suite runs on settings of
// its own, never the caller's database, mail server or provider accounts.
clearDeploymentSettings();

export default defineConfig({
  testDir: './tests',
  // One suite of servers on a two-core machine: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  globalSetup: './support/global-setup.ts',
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'America/Lima',
  },
});

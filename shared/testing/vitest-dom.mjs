// @ts-check
import { defineConfig } from 'vitest/config';

/** The Vitest setup of every React package: jsdom, Mantine's missing browser APIs, a JSON report. */
export const domTestConfig = defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['@trek/shared/testing/setup-dom'],
    css: false,
    // Component tests type and click through Mantine at the speed the machine has: on the shared
    // two-core machines a form test takes 1-2 s idle and past vitest's 5 s default under load.
    testTimeout: 20_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});

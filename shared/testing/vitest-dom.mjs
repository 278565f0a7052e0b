// @ts-check
import { defineConfig } from 'vitest/config';

/** The Vitest setup of every React package: jsdom, Mantine's missing browser APIs, a JSON report. */
export const domTestConfig = defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['@trek/shared/testing/setup-dom'],
    css: false,
    // A whole form typed by user-event takes a few seconds on a busy two-core machine; the
    // default 5 s made such tests fail for the machine's load, not for the code.
    testTimeout: 15_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});

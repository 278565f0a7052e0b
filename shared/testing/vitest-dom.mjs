// @ts-check
import { defineConfig } from 'vitest/config';

/** The Vitest setup of every React package: jsdom, Mantine's missing browser APIs, a JSON report. */
export const domTestConfig = defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['@trek/shared/testing/setup-dom'],
    css: false,
    // Component tests click through whole pages with user-event; on the shared two-core machines
    // a busy moment makes a 3 s test take over Vitest's default 5 s.
    testTimeout: 15_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});

// @ts-check
import { defineConfig } from 'vitest/config';

/** The Vitest setup of every React package: jsdom, Mantine's missing browser APIs, a JSON report. */
export const domTestConfig = defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['@trek/shared/testing/setup-dom'],
    css: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});

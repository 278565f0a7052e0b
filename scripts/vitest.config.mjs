// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The root scripts' tests (serving, proxy, deploy): Node, no DOM; run by `npm run unit`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    environment: 'node',
    // And the e2e suite's own helpers (the suite itself runs in Playwright).
    include: ['**/*.test.ts', '../e2e/support/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});

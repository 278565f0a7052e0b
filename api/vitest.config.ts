import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Each file starts its own API on an in-memory database; PGlite start-up is CPU-heavy.
    fileParallelism: false,
    // A test that migrates a database on disk takes ~10 s on an idle machine and twice that
    // when the shared two-core machines are busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});

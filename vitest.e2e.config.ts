import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: the built extension in a real Chromium (see test/e2e/fixtures.ts).
 * One file at a time (each starts a browser and a sandbox; CI machines have 2 cores);
 * the global setup builds `.output/chrome-mv3` when it is missing or older than the
 * sources.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});

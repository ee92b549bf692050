import { defineConfig } from 'vitest/config';

/**
 * The Firefox journeys: the production Firefox build in real Firefox ESR (see
 * test/firefox/fixtures.ts). One file at a time, like the Chromium suite.
 */
export default defineConfig({
  test: {
    include: ['test/firefox/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/firefox/harness/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});

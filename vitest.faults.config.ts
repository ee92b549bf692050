import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the full fault campaign (1,000 intents) in real Chromium; the
 * short form of the same file runs with the end-to-end tests in `npm test`.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/faults/campaign.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    env: { FAULT_INTENTS: process.env.FAULT_INTENTS ?? '1000' },
  },
});

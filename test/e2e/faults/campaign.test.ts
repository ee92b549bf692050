import { expect, it } from 'vitest';
import { useHarness } from '../fixtures';
import { formatReport, runCampaign } from './campaign';

/**
 * The fault campaign (see campaign.ts). `npm test` runs a short form; `npm run
 * test:faults` runs 1,000 intents (vitest.faults.config.ts sets FAULT_INTENTS).
 * Counts and invariants only: nothing here depends on how long anything takes.
 */
const INTENTS = Number(process.env.FAULT_INTENTS ?? 80);
const SEED = Number(process.env.FAULT_SEED ?? 9);

const h = useHarness(import.meta.url, {
  sandbox: { bots: false, settleMs: 50, takerDelayMs: 300, seed: SEED },
});

it(`${INTENTS} quick orders under seeded faults: each ends in exactly one order or a final error`, async () => {
  const report = await runCampaign(h(), { intents: INTENTS, seed: SEED, log: console.log });
  console.log(formatReport(report));
  expect(report.outcomes).toHaveLength(INTENTS);
  expect(report.violations).toEqual([]);
  expect(report.orphanOrders).toEqual([]);
  // The run really was under fire: order requests met injected faults, the worker stopped.
  expect(report.injected['worker stop']).toBe(1);
  expect(Object.keys(report.byFault).filter((f) => f !== 'no fault met').length).toBeGreaterThan(4);
}, 1_800_000);

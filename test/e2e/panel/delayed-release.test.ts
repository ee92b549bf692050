import { afterAll, beforeAll, expect, it } from 'vitest';
import { useHarness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel, waitForNewOrders } from './helpers';

// Short enough not to keep the suite waiting, long enough to see the order held first.
const TAKER_DELAY_MS = 2_000;
const h = useHarness(import.meta.url, { sandbox: { takerDelayMs: TAKER_DELAY_MS } });
const ETH = 'sandbox-eth-flip';

let panel: PanelDriver;

beforeAll(async () => {
  await h().onboard('alice');
  ({ panel } = await openPanel(h(), ETH));
});

afterAll(async () => {
  await panel?.detach();
});

it('a delayed order left alone is released at eligibleAt and fills', async () => {
  const since = (await h().admin.orders()).length;
  await panel.click('[data-key="BUY:NO:0"]');
  const [order] = await waitForNewOrders(h(), since);
  await panel.waitFor('[data-result="NO"]', (r) => r.attributes['data-status'] === 'delayed');
  await panel.waitFor(
    '[data-result="NO"]',
    (r) => r.attributes['data-status'] === 'filled',
    TAKER_DELAY_MS + 15_000,
  );
  expect((await panel.one('[data-result="NO"]'))?.text).toMatch(/filled [\d.]+ NO at/);
  const after = (await h().admin.orders()).find((o) => o.id === order?.id);
  expect(after?.status).toBe('FILLED');
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel, waitForNewOrders } from './helpers';

// A taker delay long enough to see the countdown and cancel before it runs out even on a
// slow machine (the cancel must land before the release, or the order fills instead). The
// release itself is tested with a short delay in delayed-release.test.ts.
const TAKER_DELAY_MS = 20_000;
const h = useHarness(import.meta.url, { sandbox: { takerDelayMs: TAKER_DELAY_MS } });
const ETH = 'sandbox-eth-flip';

let panel: PanelDriver;
let page: Awaited<ReturnType<typeof openPanel>>['page'];

beforeAll(async () => {
  await h().onboard('alice');
  ({ page, panel } = await openPanel(h(), ETH));
});

afterAll(async () => {
  await panel?.detach();
});

it('a delayed order counts down to eligibleAt and one click cancels it', async () => {
  const since = (await h().admin.orders()).length;
  await panel.click('[data-key="BUY:YES:0"]');
  const [order] = await waitForNewOrders(h(), since);
  expect(order).toMatchObject({ marketSlug: ETH, status: 'DELAYED' });
  const line = await panel.waitFor(
    '[data-result="YES"]',
    (r) => r.attributes['data-status'] === 'delayed',
  );
  expect(line.text).toMatch(/^Buy YES \$5: delayed until .+ in 0:[0-2]\d Cancel$/);
  const first = (await panel.one('[data-result="YES"] time'))?.text;
  await eventually(async () => (await panel.one('[data-result="YES"] time'))?.text !== first, {
    what: 'the countdown to tick',
  });
  await panel.waitForText(`li[data-order-id="${order?.id}"]`, /delayed 0:[0-2]\d/);
  await h().shot(page, 'delayed-countdown');

  // An intent is cancelled only through the market it belongs to.
  const clientOrderId = (await panel.one('[data-result="YES"] [data-action="cancel-intent"]'))
    ?.attributes['data-client-order-id'];
  expect(clientOrderId).toBeTruthy();
  const elsewhere = await h().send('panel.cancelIntent', {
    marketSlug: 'sandbox-btc-100k',
    clientOrderId: clientOrderId ?? '',
  });
  expect(elsewhere).toMatchObject({ ok: false, error: { kind: 'forbidden' } });

  await panel.click('[data-result="YES"] [data-action="cancel-intent"]');
  await panel.waitFor('[data-result="YES"]', (r) => r.attributes['data-status'] === 'cancelled');
  const after = (await h().admin.orders()).find((o) => o.id === order?.id);
  expect(after).toMatchObject({ status: 'CANCELED', filledSize: '0' });
  await panel.waitForText('[data-section="orders"]', /Open orders \(0\)/);
  await h().shot(page, 'delayed-cancelled');
});

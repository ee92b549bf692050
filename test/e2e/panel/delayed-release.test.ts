import { afterAll, beforeAll, expect, it } from 'vitest';
import { fillWords, netFill } from '../../../lib/protocol/intent-fill';
import { orderTrades } from '../../support/order-trades';
import { eventually, useHarness } from '../fixtures';
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

/** Alice's trades of one order as the exchange lists them, read with her own token. */
const tradedBy = async (orderId: string) => orderTrades(await h().admin.clientOf('alice'), orderId);

it('a delayed order left alone is released at eligibleAt and fills: one notification, net of fee', async () => {
  await h().watchNotifications();
  const since = (await h().admin.orders()).length;
  await panel.click('[data-key="BUY:NO:0"]');
  const [order] = await waitForNewOrders(h(), since);
  await panel.waitFor('[data-result="NO"]', (r) => r.attributes['data-status'] === 'delayed');
  await panel.waitFor(
    '[data-result="NO"]',
    (r) => r.attributes['data-status'] === 'filled' && /, fee /.test(r.text),
    TAKER_DELAY_MS + 15_000,
  );
  // Every event about the order has been sent once it is mined at the sandbox.
  await eventually(
    async () =>
      (await h().admin.orders()).some((o) => o.id === order?.id && o.settlementStatus === 'MINED'),
    { what: 'the order settled at the sandbox' },
  );
  const after = (await h().admin.orders()).find((o) => o.id === order?.id);
  expect(after?.status).toBe('FILLED');
  const view = (await h().snapshot()).intents.find((i) => i.clientOrderId === after?.clientOrderId);
  if (!view) throw new Error('the filled order is not among the intents');
  const words = fillWords(view).text;

  // The figures are the exchange's: what the position grew by, paid, and the fee.
  const net = netFill(view);
  expect({ contracts: net.contractsRaw, collateral: net.collateralRaw, fee: net.feeRaw }).toEqual(
    await tradedBy(order?.id ?? ''),
  );
  expect(net.feeRaw > 0n).toBe(true);
  expect((await panel.one('[data-result="NO"]'))?.text).toContain(`filled ${words}`);
  // The worker has handled whatever the order's events were going to cause.
  await h().send('panel.state', { marketSlug: ETH });
  const told = (await h().createdNotifications()).filter((n) => n.id.includes(view.clientOrderId));
  expect(told).toEqual([
    {
      id: expect.any(String),
      title: 'Order filled',
      message: `Bought ${words} on ${view.marketTitle}`,
    },
  ]);
});

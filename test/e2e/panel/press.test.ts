import { describe, expect, it } from 'vitest';
import { LAYOUT_REFUSAL, MOVED_REFUSAL } from '../../../components/panel/model/aim';
import { PRIME_TTL_MS } from '../../../lib/desk/primed-orders';
import { readJournal } from '../faults/campaign';
import { eventually, type Harness, useHarness } from '../fixtures';
import { withAlicesPanel } from './alices-panel';
import type { PanelDriver } from './driver';
import { ordersAfter, waitForNewOrders } from './helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const BUY = '[data-key="BUY:YES:0"]';

let panel: PanelDriver;

withAlicesPanel(
  h,
  (at) => {
    ({ panel } = at);
  },
  BTC,
);

/** The orders readied at a pointer-down and not clicked yet: the journal's primed records. */
const primedRecords = async (harness: Harness) =>
  (await readJournal(harness)).filter((r) => r.primed).map((r) => r.view.clientOrderId);

/** Waits for the one order a pointer-down readied; returns its client order id. */
const readied = () =>
  eventually(
    async () => {
      const ids = await primedRecords(h());
      return ids.length === 1 ? ids[0] : null;
    },
    { what: 'the order readied at the pointer-down' },
  );

describe('a press: its order readied at the pointer-down, sent at the click', () => {
  it('a rested press sends the order signed and journaled while its button was down, once', async () => {
    const since = (await h().admin.orders()).length;
    const release = await panel.pressDown(BUY);
    const primed = await readied();
    // Nothing has left while the button is down.
    expect(await ordersAfter(h(), since)).toEqual([]);
    await release();
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({
      clientOrderId: primed,
      marketSlug: BTC,
      side: 'BUY',
      makerAmount: '5000000',
      signatureValid: true,
    });
    await panel.waitForText('[data-result="YES"]', /Buy YES \$5: filled/);
    expect(await primedRecords(h())).toEqual([]);
    expect(await ordersAfter(h(), since)).toHaveLength(1);
  });

  it('a press released off its button is no order: nothing leaves, its readied order is dropped', async () => {
    const since = (await h().admin.orders()).length;
    const intentsBefore = (await h().snapshot()).intents.length;
    const release = await panel.pressDown(BUY);
    await readied();
    // The pointer leaves the button before it comes up: no click lands on it.
    await panel.point(2, 2);
    await release();
    await eventually(async () => (await primedRecords(h())).length === 0, {
      what: 'the readied order dropped',
      timeoutMs: PRIME_TTL_MS + 10_000,
    });
    expect(await ordersAfter(h(), since)).toEqual([]);
    expect((await h().snapshot()).intents).toHaveLength(intentsBefore);
  });

  it('a worker stopped while the button is down: the press still places one order, never two', async () => {
    const since = (await h().admin.orders()).length;
    const release = await panel.pressDown(BUY);
    await readied();
    await h().stopWorker();
    await release();
    // The click wakes a new worker. Should the panel re-lay itself out under the pointer as
    // it reconnects, it says so and sends nothing, and a person presses again; so does this.
    for (let attempt = 1; ; attempt++) {
      const outcome = await eventually(
        async () => {
          if ((await ordersAfter(h(), since)).length > 0) return 'sent';
          const notice = await panel.one('[data-notice="obscured"]');
          return notice?.text === MOVED_REFUSAL || notice?.text === LAYOUT_REFUSAL ? 'moved' : null;
        },
        { what: 'the order sent, or the panel saying it moved', timeoutMs: 20_000 },
      );
      if (outcome === 'sent' || attempt === 3) break;
      await panel.click(BUY, undefined, 80);
    }
    await waitForNewOrders(h(), since);
    // Whatever the stopped worker left is settled: taken by the press, or asked about and
    // dropped once its bytes could no longer land.
    await eventually(async () => (await primedRecords(h())).length === 0, {
      what: 'no readied order left in the journal',
      timeoutMs: 40_000,
      intervalMs: 500,
    });
    expect(await ordersAfter(h(), since)).toHaveLength(1);
    await panel.waitForText('[data-result="YES"]', /Buy YES \$5: filled/);
  });
});

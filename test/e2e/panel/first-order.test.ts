import { afterAll, describe, expect, it } from 'vitest';
import { sendFromPage, setUpDemoTrader } from '../../../scripts/lib/demo-setup';
import { eventually, type Harness, startHarness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel, waitForNewOrders } from './helpers';

const BTC = 'sandbox-btc-100k';

let harness: Harness | null = null;
let panel: PanelDriver | null = null;
afterAll(async () => {
  await panel?.detach();
  await harness?.close();
});

describe('the first minute', () => {
  it("npm start's path: browser up, demo trader set up, first filled order by a real click; the hint goes with it", async () => {
    const t0 = performance.now();
    harness = await startHarness(import.meta.url);
    const h = harness;
    const launched = performance.now();
    const options = await h.openOptions();
    const demo = await setUpDemoTrader(sendFromPage(options), h.exchange, h.sandbox);
    await options.close();
    expect(demo.label).toBe('alice');
    await h.waitForLive();
    const ready = performance.now();
    ({ panel } = await openPanel(h, BTC));
    const hint = await panel.waitForText(
      '[data-hint="first-run"]',
      /Try it: click \$5 under Buy YES/,
    );
    expect(hint).toBeTruthy();
    const since = (await h.admin.orders()).length;
    await panel.click('[data-key="BUY:YES:0"]');
    const [order] = await waitForNewOrders(h, since);
    expect(order).toMatchObject({ side: 'BUY', status: 'FILLED', signatureValid: true });
    const filled = performance.now();
    const shown = panel;
    await eventually(async () => (await shown.one('[data-hint="first-run"]')) === null, {
      what: 'the hint gone after the first order',
    });
    // A figure, printed for the README (tests never assert times).
    console.log(
      `first minute: browser and sandbox up ${((launched - t0) / 1000).toFixed(1)} s, ` +
        `demo set-up ${((ready - launched) / 1000).toFixed(1)} s, ` +
        `market page to first filled order ${((filled - ready) / 1000).toFixed(1)} s, ` +
        `in all ${((filled - t0) / 1000).toFixed(1)} s (build excluded)`,
    );
  });
});

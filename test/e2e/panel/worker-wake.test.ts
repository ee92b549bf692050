/**
 * A panel reconnecting to a worker Chrome stopped keeps its trade buttons as they were until
 * the new worker has read the market: a state built before that said the market was not
 * known and disabled every button for that moment, and a press then reached no button (the
 * lost click of test/firefox/cold-press.test.ts). The market read is slowed here so that
 * moment is long enough for the worker's start-up pushes to fall in it, every run.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SandboxPlugin } from '../../../sandbox/plugin';
import { eventually, useHarness } from '../fixtures';
import { panelFrameOf } from './driver';
import { openPanel, waitForNewOrders } from './helpers';

const BTC = 'sandbox-btc-100k';
const BUY = '[data-key="BUY:YES:0"]';

const slowMarket = { on: false, answered: 0 };
const slowMarketReads: SandboxPlugin = (app) => {
  app.addHook('onRequest', async (request) => {
    if (!slowMarket.on || request.method !== 'GET') return;
    if (request.url.split('?')[0] !== `/markets/${BTC}`) return;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    slowMarket.answered++;
  });
};

const h = useHarness(import.meta.url, { sandbox: { plugins: [slowMarketReads] } });

/** In the panel's frame: every time a buy button becomes disabled, from now on. */
async function watchBuyButtons(page: Page): Promise<void> {
  const frame = panelFrameOf(page);
  if (!frame) throw new Error('no panel frame');
  // An expression, not a function: the frame's CSP allows no eval (see driver.ts).
  await frame.evaluate(`(() => {
    const seen = (window.__disabledBuys = []);
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target;
        if (el.matches('[data-key^="BUY:"]') && el.hasAttribute('disabled'))
          seen.push(el.getAttribute('data-key'));
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return true;
  })()`);
}

const disabledBuys = async (page: Page) =>
  (await panelFrameOf(page)?.evaluate('window.__disabledBuys')) as string[];

describe('a panel reconnecting to a woken worker', () => {
  it('keeps its buy buttons while the new worker reads the market, and its next press trades', async () => {
    await h().onboard('alice');
    const { page, panel } = await openPanel(h(), BTC);
    await panel.waitFor(BUY, (b) => !b.disabled, 15_000);
    await watchBuyButtons(page);

    slowMarket.on = true;
    await h().stopWorker();
    await eventually(() => h().workerRestarted(), { what: 'a new worker woken by the panel' });
    // Whatever the worker pushed before its market read was answered is in the log by now.
    await eventually(() => slowMarket.answered > 0, {
      what: "the new worker's market read answered",
      timeoutMs: 15_000,
    });
    slowMarket.on = false;
    await eventually(async () => (await panel.one('.mc-dot.live')) !== null, {
      what: 'the live light after the restart',
      timeoutMs: 15_000,
    });
    expect(await disabledBuys(page)).toEqual([]);

    const since = (await h().admin.orders()).length;
    await panel.click(BUY);
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({ marketSlug: BTC, side: 'BUY' });
    await panel.detach();
  });
});

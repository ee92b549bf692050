import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_SENT_UNREACHABLE } from '../../../lib/desk/intent-deadline';
import { eventually, useHarness } from '../fixtures';
import { withAlicesPanel } from './alices-panel';
import type { PanelDriver } from './driver';
import { ordersAfter, waitForNewOrders } from './helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
/** The panel's first preset: $5. */
const BUY_5_YES = '[data-key="BUY:YES:0"]';

let page: Page;
let panel: PanelDriver;

withAlicesPanel(
  h,
  (at) => {
    ({ page, panel } = at);
  },
  BTC,
);

afterAll(async () => {
  await h().admin.clearFaults();
});

/** The exchange's API answers nothing it is asked about orders: placing or asking. */
async function exchangeDown(): Promise<void> {
  await h().admin.faults({
    faults: [
      { kind: 'status-before', route: 'POST /orders', status: 503, times: 1_000 },
      { kind: 'status-before', route: 'POST /orders/status/batch', status: 503, times: 1_000 },
    ],
  });
}

describe('a press while the exchange cannot be reached (issue 30, item 1)', () => {
  it('ends "not sent" in the panel, and nothing reaches the exchange once it is back', async () => {
    const since = (await h().admin.orders()).length;
    await exchangeDown();
    await panel.click(BUY_5_YES);
    const line = await panel.waitForText(
      '[data-result="YES"]',
      new RegExp(NOT_SENT_UNREACHABLE.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      30_000,
    );
    expect(line.attributes['data-status']).toBe('failed');
    await h().shot(page, 'not-sent');

    // The exchange is back.
    await h().admin.clearFaults();
    // Barrier: the desk has asked the exchange about the intent's bytes and has nothing
    // left to resume (a resend or a fresh signature would have gone out by then).
    // withApp: the desk's resume, driven now, is its own timer's work no UI can start.
    await eventually(async () => (await h().withApp((app) => app.desk.resumeStalled())) === 0, {
      what: 'the desk to have asked about the not-sent intent',
    });
    const [notSent] = (await h().snapshot()).intents;
    expect(notSent?.error).toEqual(NOT_SENT_UNREACHABLE);

    // A fresh press lands: the exchange takes orders again, and it is the only one.
    await panel.click(BUY_5_YES);
    const [fresh] = await waitForNewOrders(h(), since);
    expect(fresh?.clientOrderId).not.toBe(notSent?.clientOrderId);
    await panel.waitForText('[data-result="YES"]', /filled [\d.]+ YES at/);
    expect((await ordersAfter(h(), since)).map((o) => o.clientOrderId)).toEqual([
      fresh?.clientOrderId,
    ]);
  });
});

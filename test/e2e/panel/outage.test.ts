import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_DETECTION_MS } from '../../../lib/background/trading/exchange-health';
import { EXCHANGE_DOWN_MESSAGE } from '../../../lib/background/ui/panel-view';
import type { ExchangeStatus } from '../../../lib/protocol/views';
import { eventually, useHarness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel, waitForNewOrders } from './helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';

/** The sentence the panel and the popup show, whatever the time and the age. */
const OUTAGE_WORDS =
  /^The exchange is not answering since \d\d:\d\d:\d\d — trading is paused; prices are \d+ (s|min) old\. It comes back by itself\.$/;

const popupAlert = (popup: Page) => popup.locator('header [role="alert"]');
const popupStatus = (popup: Page) => popup.locator('header .conn');

/**
 * The exchange stops (the process gone: the port refuses) or hangs (connections taken,
 * nothing answered): within 2 s, by the background's own record, the panel and the popup
 * say so in words, prices are marked with their age, trade buttons are disabled with the
 * reason; the exchange back, all of it clears by itself and a press trades.
 */
describe('an outage of the exchange', () => {
  let page: Page;
  let panel: PanelDriver;
  let popup: Page;

  beforeAll(async () => {
    await h().onboard('alice');
    ({ page, panel } = await openPanel(h(), BTC));
    popup = await h().openPopup();
    await popupStatus(popup).filter({ hasText: /^Live/ }).waitFor();
  });

  afterAll(async () => {
    await h().sandbox.outage.resume();
    await panel?.detach();
  });

  for (const kind of ['stopped', 'hung'] as const) {
    it(`${kind}: said in words within 2 s, trading paused, prices aged; back by itself, then a press trades`, async () => {
      await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled);
      if (kind === 'stopped') await h().sandbox.outage.stop();
      else h().sandbox.outage.hang();

      const notice = await panel.waitForText('[data-outage]', OUTAGE_WORDS, 15_000);
      // Within the budget by the background's own times: its last answer, and when it
      // concluded that nothing answers any more.
      const status = (await h().snapshot()).exchange;
      expect(status.status).toBe('down');
      const down = status as Extract<ExchangeStatus, { status: 'down' }>;
      expect(down.lastAnsweredAt).not.toBeNull();
      expect(down.detectedAt - (down.lastAnsweredAt ?? 0)).toBeLessThanOrEqual(2_000);
      expect(OUTAGE_DETECTION_MS).toBeLessThanOrEqual(2_000);
      expect(Number(notice.attributes['data-outage'])).toBe(down.since);

      const buy = await panel.waitFor('[data-key="BUY:YES:0"]', (b) => b.disabled);
      expect(buy.attributes.title).toBe(EXCHANGE_DOWN_MESSAGE);
      expect((await panel.all('[data-key^="BUY:"]')).every((b) => b.disabled)).toBe(true);
      const bid = await panel.waitFor('tr[data-outcome="YES"] [data-cell="bid"]', (c) =>
        Boolean(c.attributes['data-stale']),
      );
      expect(bid.attributes.title).toMatch(/^Last price received at .*, \d+ (s|min) old/);
      await h().shot(page, `${kind}-panel`);

      await popupStatus(popup).filter({ hasText: 'Exchange not answering' }).waitFor();
      expect(await popupAlert(popup).textContent()).toMatch(OUTAGE_WORDS);
      await h().shot(popup, `${kind}-popup`);

      await h().sandbox.outage.resume();
      await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 15_000);
      expect(await panel.one('[data-outage]')).toBeNull();
      await eventually(async () => (await panel.one('[data-stale]')) === null, {
        what: 'prices no longer marked stale',
      });
      await popupAlert(popup).waitFor({ state: 'detached' });
      await popupStatus(popup).filter({ hasText: /^Live/ }).waitFor({ timeout: 15_000 });
      // The socket is back and its books are live again before the press is priced.
      await h().waitForLive();

      const before = (await h().admin.orders()).length;
      await panel.click('[data-key="BUY:YES:0"]');
      const [order] = await waitForNewOrders(h(), before);
      expect(order?.marketSlug).toBe(BTC);
      await panel.waitForText('[data-result="YES"]', /filled/, 15_000);
    });
  }
});

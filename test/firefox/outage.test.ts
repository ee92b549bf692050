/**
 * Firefox: the exchange stops (its port refuses) or hangs (nothing answered). Within 2 s by
 * the background's own times, shown on the notice, the panel and the popup say so in
 * words, prices are marked with their age and trade buttons are disabled with the reason;
 * back, all of it clears by itself and a press trades.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_DOWN_MESSAGE } from '../../lib/background/ui/panel-view';
import { eventually } from '../e2e/fixtures';
import type { PanelDriver } from '../e2e/panel/driver';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';
import { waitForText } from './harness/page-actions';

const BTC = 'sandbox-btc-100k';
const BUY = '[data-key="BUY:YES:0"]';
const OUTAGE_WORDS =
  /The exchange is not answering since \d\d:\d\d:\d\d — trading is paused; prices are \d+ (s|min) old\. It comes back by itself\./;

const h = useFirefox(import.meta.url);

let page: Page;
let panel: PanelDriver<Page>;
let popup: Page;

beforeAll(async () => {
  await onboardThroughOptions(h(), /^Alice \(alice\)/);
  page = await h().openMarketPage(BTC);
  panel = h().panel(page);
  await panel.waitFor(BUY, (b) => !b.disabled, 20_000);
  popup = await h().openExtensionPage('popup.html');
  await waitForText(popup, /\bLive\b/);
});

afterAll(async () => {
  await h().sandbox.outage.resume();
});

describe('an outage of the exchange, in Firefox', () => {
  for (const kind of ['stopped', 'hung'] as const) {
    it(`${kind}: said within 2 s, trading paused, prices aged; back by itself, then a press trades`, async () => {
      await panel.waitFor(BUY, (b) => !b.disabled, 15_000);
      if (kind === 'stopped') await h().sandbox.outage.stop();
      else h().sandbox.outage.hang();

      const notice = await panel.waitForText('[data-outage]', OUTAGE_WORDS, 15_000);
      const detectedAt = Number(notice.attributes['data-detected-at']);
      const lastAnsweredAt = Number(notice.attributes['data-last-answered-at']);
      expect(Number.isFinite(lastAnsweredAt) && lastAnsweredAt > 0).toBe(true);
      expect(detectedAt - lastAnsweredAt).toBeLessThanOrEqual(2_000);

      const buy = await panel.waitFor(BUY, (b) => b.disabled);
      expect(buy.attributes.title).toBe(EXCHANGE_DOWN_MESSAGE);
      const bid = await panel.waitFor('tr[data-outcome="YES"] [data-cell="bid"]', (c) =>
        Boolean(c.attributes['data-stale']),
      );
      expect(bid.attributes.title).toMatch(/^Last price received at .*, \d+ (s|min) old/);
      await h().shot(page, `${kind}-panel`);

      await waitForText(popup, /Exchange not answering/);
      await waitForText(popup, OUTAGE_WORDS);
      await h().shot(popup, `${kind}-popup`);

      await h().sandbox.outage.resume();
      await panel.waitFor(BUY, (b) => !b.disabled, 15_000);
      await eventually(
        async () =>
          (await panel.one('[data-outage]')) === null && !(await panel.one('[data-stale]')),
        { what: 'the outage notice and the stale marks gone' },
      );
      await waitForText(popup, /\bLive\b/);
      expect(OUTAGE_WORDS.test((await popup.evaluate(() => document.body.textContent)) ?? '')).toBe(
        false,
      );

      const before = (await h().admin.orders()).length;
      await page.bringToFront();
      await panel.click(BUY);
      const order = await eventually(async () => (await h().admin.orders())[before], {
        what: 'the order of the press at the sandbox',
      });
      expect(order.marketSlug).toBe(BTC);
      await panel.waitForText('[data-result="YES"]', /filled/, 15_000);
    });
  }
});

/**
 * Keys must aim too (issue 29, item 3), Firefox: the panel lives in the page, so after the
 * user's click the page's active element was the panel's host, and an Enter the page asked
 * for pressed the focused buy again. Now a pointer press leaves no button focused, and a
 * key trades only on a control the user tabbed to inside the panel.
 */
import type { Page } from 'puppeteer-core';
import { beforeAll, expect, it } from 'vitest';
import { eventually } from '../e2e/fixtures';
import type { PanelDriver } from '../e2e/panel/driver';
import { focusedKey, tabTo } from '../e2e/panel/keyboard';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';

let page: Page;
let panel: PanelDriver<Page>;

beforeAll(async () => {
  await onboardThroughOptions(h(), /^Alice \(alice\)/);
  page = await h().openMarketPage(BTC);
  panel = h().panel(page);
  await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 20_000);
});

it('a click on a buy, then the Enter the page asks for, places one order; Tab and Enter trade', async () => {
  const since = (await h().admin.orders()).length;
  await panel.click('[data-key="BUY:YES:0"]');
  const [first] = await eventually(
    async () => {
      const fresh = (await h().admin.orders()).slice(since);
      return fresh.length > 0 ? fresh : null;
    },
    { what: 'the order of the click' },
  );
  await panel.waitForText('[data-result="YES"]', /filled/, 15_000);
  const focusedAfterClick = await focusedKey(panel);
  const pageSees = await page.evaluate(
    () => document.activeElement?.getAttribute('data-market-companion') ?? null,
  );
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await h().shot(page, 'enter-after-click');

  // The control: a keyboard user tabs to Buy NO and presses Enter, which trades. The Enters
  // above went first down the same road: had they traded, their orders would be here by
  // the time this one is.
  await tabTo(panel, page.keyboard, 'BUY:NO:0');
  await page.keyboard.press('Enter');
  const orders = await eventually(
    async () => {
      const fresh = (await h().admin.orders()).slice(since);
      return fresh.some((o) => o.tokenId !== first?.tokenId) ? fresh : null;
    },
    { what: "the keyboard user's Buy NO" },
  );
  expect(orders.map((o) => o.tokenId === first?.tokenId)).toEqual([true, false]);
  // What changed: the clicked button had let the focus go, and the page no longer saw the
  // panel's host as its active element.
  expect(focusedAfterClick).toBeNull();
  expect(pageSees).toBeNull();
});

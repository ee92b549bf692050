/**
 * Keys must aim too (issue 29, item 3), Chromium. After the user's own click the focus
 * stayed on the buy button, and a page that talked the user into "press Enter to
 * continue" placed one order per key. Now a pointer press leaves no button focused and a
 * key press trades only on a control the user tabbed to inside the panel; keyboard users
 * keep trading with Tab and Enter.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';
import { withAlicesPanel } from './alices-panel';
import type { PanelDriver } from './driver';
import { ordersAfter, waitForNewOrders } from './helpers';
import { focusedKey, tabTo } from './keyboard';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const BUY = 'BUY:YES:0';

let page: Page;
let panel: PanelDriver;

withAlicesPanel(
  h,
  (at) => {
    ({ page, panel } = at);
  },
  BTC,
);

it('a click on a buy, then the Enter the page asks for, places one order, not two', async () => {
  // The page's prompt, and what it can see: its active element is the panel's host.
  await page.evaluate(() => {
    const prompt = document.createElement('p');
    prompt.id = 'prompt';
    prompt.textContent = 'Press Enter to continue';
    document.body.prepend(prompt);
  });
  const since = (await h().admin.orders()).length;
  await panel.click(`[data-key="${BUY}"]`);
  const [first] = await waitForNewOrders(h(), since);
  await panel.waitForText('[data-result="YES"]', /filled/);
  const focusedAfterClick = await focusedKey(panel);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await h().shot(page, 'enter-after-click');

  // The control: a keyboard user tabs to the same buy and presses Enter, which trades.
  // Each key's press sends its message before the key returns, and the background makes
  // intents in the order the messages come: once the Tab user's intent (the newest) is
  // there, an intent of the Enters above would be there too.
  await tabTo(panel, page.keyboard, BUY);
  await page.keyboard.press('Enter');
  const newest = await eventually(
    async () => {
      const views = (await h().snapshot()).intents;
      const latest = views.length >= 2 ? views[0] : undefined;
      const sent = await ordersAfter(h(), since);
      return latest && sent.some((o) => o.clientOrderId === latest.clientOrderId) ? latest : null;
    },
    { what: "the keyboard user's order" },
  );
  expect(newest.clientOrderId).not.toBe(first?.clientOrderId);
  expect((await h().snapshot()).intents).toHaveLength(2);
  expect((await ordersAfter(h(), since)).map((o) => o.clientOrderId)).toEqual([
    first?.clientOrderId,
    newest.clientOrderId,
  ]);
  // What changed: the clicked button had let the focus go.
  expect(focusedAfterClick).toBeNull();
});

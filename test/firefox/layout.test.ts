/**
 * Trade controls stay put (issue 29, item 1), Firefox: the panel is drawn in the page at
 * its corner (bottom-right by default, so it grew upward). Each change below must leave
 * every trade control's box on the screen where it was.
 */
import type { Page } from 'puppeteer-core';
import { beforeAll, expect, it } from 'vitest';
import { eventually } from '../e2e/fixtures';
import type { PanelDriver } from '../e2e/panel/driver';
import { TRADE_CONTROL, TRADE_SLOT } from '../e2e/panel/trade-controls';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';
const BUY = '[data-key="BUY:YES:0"]';

let page: Page;
let panel: PanelDriver<Page>;

type Rect = { x: number; y: number; width: number; height: number };
const identity = (a: Record<string, string>): string =>
  a['data-slot'] ?? a['data-key'] ?? `${a['data-action'] ?? '?'}:${a['data-order-id'] ?? ''}`;

async function boxes(): Promise<Map<string, Rect>> {
  const found = await panel.all(`${TRADE_CONTROL}, ${TRADE_SLOT}`);
  return new Map(found.map((el) => [identity(el.attributes), el.rect]));
}

async function staysPut(what: string, change: () => Promise<unknown>): Promise<void> {
  const before = await boxes();
  expect(before.size, 'trade controls found').toBeGreaterThan(0);
  await change();
  const after = await boxes();
  const moved = [...before]
    .filter(([id, box]) => {
      const now = after.get(id);
      return (
        now &&
        (Math.abs(now.x - box.x) >= 1 ||
          Math.abs(now.y - box.y) >= 1 ||
          Math.abs(now.width - box.width) >= 1 ||
          Math.abs(now.height - box.height) >= 1)
      );
    })
    .map(([id]) => id);
  await h().shot(page, `after ${what}`);
  expect(moved, `trade controls moved by: ${what}`).toEqual([]);
}

beforeAll(async () => {
  await onboardThroughOptions(h(), /^Alice \(alice\)/);
  page = await h().openMarketPage(BTC);
  panel = h().panel(page);
  await panel.waitFor(BUY, (b) => !b.disabled, 20_000);
});

it('trade controls stay put while the editors open, a result line and an order come', async () => {
  await staysPut('the presets editor opening', async () => {
    await panel.click('[data-action="edit-presets"]');
    await panel.waitFor('[data-action="save-presets"]');
  });
  await staysPut('the presets editor closing', async () => {
    await panel.click('form.mc-presets button:not([data-action])');
    await eventually(async () => (await panel.one('form.mc-presets')) === null);
  });
  await staysPut('the alert form opening', async () => {
    await panel.click('[data-action="price-alert"]');
    await panel.waitFor('form.alert-form');
  });
  await staysPut('the alert form closing', async () => {
    await panel.click('[data-action="price-alert"]');
    await eventually(async () => (await panel.one('form.alert-form')) === null);
  });
  const since = (await h().admin.orders()).length;
  await staysPut('a result line', async () => {
    await panel.click('[data-key="BUY:NO:0"]');
    await eventually(async () => (await h().admin.orders()).length > since);
    await panel.waitForText('[data-result="NO"]', /filled/, 15_000);
    await panel.waitFor('[data-key="SELL:NO:50"]');
  });
});

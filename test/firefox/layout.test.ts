/**
 * Trade controls stay put (issue 29, item 1), Firefox: the panel is drawn in the page at
 * its corner (bottom-right by default, so it grew upward). Each change below must leave
 * every trade control's box on the screen where it was (the steps shared with Chromium's
 * layout test are in test/e2e/panel/stays-put.ts).
 */
import type { Page } from 'puppeteer-core';
import { beforeAll, it } from 'vitest';
import { eventually } from '../e2e/fixtures';
import type { PanelDriver } from '../e2e/panel/driver';
import {
  openOrdersComeAndGo,
  type StaysPut,
  sectionsOpenAndClose,
  stayingPut,
} from '../e2e/panel/stays-put';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';
const BUY = '[data-key="BUY:YES:0"]';

let page: Page;
let panel: PanelDriver<Page>;

let staysPut: StaysPut;

beforeAll(async () => {
  await onboardThroughOptions(h(), /^Alice \(alice\)/);
  page = await h().openMarketPage(BTC);
  panel = h().panel(page);
  // The panel is drawn in the page: it re-lays itself out in the same frame as its content.
  staysPut = stayingPut(panel, { settled: async () => {}, shot: (what) => h().shot(page, what) });
  await panel.waitFor(BUY, (b) => !b.disabled, 20_000);
});

it('trade controls stay put while the sections open and close, a result line comes', async () => {
  await sectionsOpenAndClose(panel, staysPut, (text) => page.keyboard.type(text));
  const since = (await h().admin.orders()).length;
  await staysPut('a result line', async () => {
    await panel.click('[data-key="BUY:NO:0"]');
    await eventually(async () => (await h().admin.orders()).length > since);
    await panel.waitForText('[data-result="NO"]', /filled/, 15_000);
    await panel.waitFor('[data-key="SELL:NO:50"]');
  });
});

it('no Cancel moves while open orders above it go and new ones rest', async () => {
  await openOrdersComeAndGo(panel, staysPut, {
    sandbox: h().sandbox,
    admin: h().admin,
    label: 'alice',
    slug: BTC,
  });
});

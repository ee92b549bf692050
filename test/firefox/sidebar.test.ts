/**
 * Firefox's real sidebar (issue 32, item 5): the add-on's `sidebar_action` panel open in
 * the browser window's sidebar, not its page in a tab. It follows the active tab as the
 * user switches, and places an order by a trusted click. How the sidebar is opened, read
 * and pressed, where BiDi has no browsing context for it: `harness/sidebar.ts`.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../e2e/fixtures';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';
import { FirefoxSidebar } from './harness/sidebar';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';

let sidebar: FirefoxSidebar;
let btc: Page;

const shownSlug = () =>
  sidebar.evaluate<string | null>(
    `return document.querySelector('.mc-panel.side')?.getAttribute('data-slug') ?? null;`,
  );

describe.sequential('the real sidebar (Firefox)', () => {
  beforeAll(async () => {
    await onboardThroughOptions(h(), /^Alice \(alice\)/);
    btc = await h().openMarketPage(BTC);
    await btc.bringToFront();
    sidebar = await FirefoxSidebar.open(h().firefox, 'sidepanel.html');
  });
  afterAll(async () => {
    await sidebar?.close();
  });

  it('opens in the browser window and follows the active tab to its market', async () => {
    expect(await sidebar.isOpen()).toBe(true);
    await btc.bringToFront();
    await eventually(async () => (await shownSlug()) === BTC, { what: 'the BTC market shown' });
    const eth = await h().openMarketPage(ETH);
    await eth.bringToFront();
    await eventually(async () => (await shownSlug()) === ETH, { what: 'the ETH market shown' });
    await btc.bringToFront();
    await eventually(async () => (await shownSlug()) === BTC, { what: 'back to BTC' });
  });

  it('places an order by a trusted click in the sidebar', async () => {
    const before = (await h().admin.orders()).length;
    await sidebar.click('[data-key="BUY:YES:0"]');
    await sidebar.waitFor(
      `return document.querySelector('[data-result="YES"]')?.getAttribute('data-status') === 'filled';`,
      'the order filled in the sidebar',
    );
    const orders = await h().admin.orders();
    expect(orders.length).toBe(before + 1);
    expect(orders.at(-1)?.marketSlug).toBe(BTC);
  });
});

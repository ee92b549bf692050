/**
 * The side panel's page in real Firefox (issue 32, item 5), in a tab: `sidepanel.html`, the
 * sidebar's `default_panel`, with the same ports and messages, where Puppeteer's own page
 * tools (clicks, selectors, screenshots) reach it. It follows the active tab as the user
 * switches (its own tab passed over), trades by trusted clicks with no settle time, cancels
 * an open order, and the fill raises a notification. The same page in the browser's real
 * sidebar, which BiDi lists no browsing context for: `sidebar.test.ts`.
 */
import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../e2e/fixtures';
import { placeRestingOrderAtSandbox } from '../e2e/harness/resting-order';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';

let side: Page;
let btc: Page;

const shownSlug = () =>
  side.evaluate(() => document.querySelector('.mc-panel.side')?.getAttribute('data-slug') ?? null);

describe.sequential('the side panel (Firefox)', () => {
  beforeAll(async () => {
    await onboardThroughOptions(h(), /^Alice \(alice\)/);
    side = await h().openExtensionPage('sidepanel.html', { width: 400, height: 900 });
    // Headless Firefox closes a notification at once: `onClosed` tells that one was shown.
    await side.evaluate(() => {
      const w = window as unknown as { closedNotifications: string[] };
      w.closedNotifications = [];
      browser.notifications.onClosed.addListener((id: string) => {
        w.closedNotifications.push(id);
      });
    });
    btc = await h().openMarketPage(BTC);
  });

  it('follows the active tab to its market, and says when a tab shows none', async () => {
    await btc.bringToFront();
    await eventually(async () => (await shownSlug()) === BTC, { what: 'the BTC market shown' });
    const eth = await h().openMarketPage(ETH);
    await eth.bringToFront();
    await eventually(async () => (await shownSlug()) === ETH, { what: 'the ETH market shown' });
    const plain = await h().newPage();
    await plain.goto(`${h().sandbox.siteUrl}/`);
    await plain.bringToFront();
    await eventually(() => side.$('[data-side-market="none"]'), { what: 'no market shown' });
    await btc.bringToFront();
    await eventually(async () => (await shownSlug()) === BTC, { what: 'back to BTC' });
    // Its own tab in front (to be clicked) keeps the market: the next test's order is BTC's.
    await side.bringToFront();
  });

  it('places an order by a trusted click, with no settle time, and notifies its fill', async () => {
    await side.waitForSelector('[data-key="BUY:YES:0"]:not([disabled])');
    const before = (await h().admin.orders()).length;
    await side.click('[data-key="BUY:YES:0"]');
    await eventually(
      () =>
        side.evaluate(
          () =>
            document.querySelector('[data-result="YES"]')?.getAttribute('data-status') === 'filled',
        ),
      { what: 'the order filled in the side panel', timeoutMs: 15_000 },
    );
    const orders = await h().admin.orders();
    expect(orders.length).toBe(before + 1);
    expect(orders.at(-1)?.marketSlug).toBe(BTC);
    const shown = await eventually(
      async () => {
        const ids = await side.evaluate(
          () => (window as unknown as { closedNotifications: string[] }).closedNotifications,
        );
        return ids.some((id) => id.includes(':fill:')) ? ids : null;
      },
      { what: 'a fill notification', timeoutMs: 15_000 },
    );
    expect(shown.some((id) => id.includes(encodeURIComponent(BTC)))).toBe(true);
    await h().shot(side, 'side-panel-filled');
  });

  it('cancels an open order in one click', async () => {
    const orderId = await placeRestingOrderAtSandbox(h().sandbox, h().admin, {
      label: 'alice',
      slug: BTC,
      price: '0.05',
      contracts: 5_000_000n,
    });
    const cancel = `.mc-panel.side [data-action="cancel-order"][data-order-id="${orderId}"]`;
    await side.waitForSelector(cancel, { timeout: 15_000 });
    await side.click(cancel);
    const order = await eventually(
      async () => (await h().admin.orders()).find((o) => o.id === orderId && o.status !== 'OPEN'),
      { what: 'the order to leave the book' },
    );
    expect(order.status).toBe('CANCELED');
  });
});

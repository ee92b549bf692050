import type { Page } from 'playwright-core';
import type { SandboxOrder } from '../../../lib/core/api/sandbox';
import { eventually, type Harness } from '../fixtures';
import { PanelDriver, panelFrameOf } from './driver';

/** Opens a market page and waits until the panel shows its buttons (or its block notice). */
export async function openPanel(
  h: Harness,
  slug: string,
  ready = '[data-key="BUY:YES:0"]',
): Promise<{ page: Page; panel: PanelDriver }> {
  const page = await h.openMarketPage(slug);
  const panel = await PanelDriver.attach(page);
  await panel.waitFor(ready, () => true, 15_000);
  return { page, panel };
}

/** The sandbox's orders received after `since` (a count from an earlier `orders()`). */
export async function ordersAfter(h: Harness, since: number): Promise<SandboxOrder[]> {
  return (await h.admin.orders()).slice(since);
}

/** Waits until the sandbox has received exactly `count` more orders; returns them. */
export async function waitForNewOrders(
  h: Harness,
  since: number,
  count = 1,
): Promise<SandboxOrder[]> {
  return eventually(
    async () => {
      const fresh = await ordersAfter(h, since);
      return fresh.length >= count ? fresh : null;
    },
    { what: `${count} new order(s) at the sandbox` },
  );
}

/** Places a resting GTC order for the onboarded user through the desk (the panel only does FOK/FAK). */
export async function placeRestingOrder(
  h: Harness,
  slug: string,
  price: string,
  contractsRaw: string,
): Promise<string | null> {
  return h.withApp(
    async (app, arg) => {
      const view = await app.desk.place({
        marketSlug: arg.slug,
        marketTitle: null,
        outcome: 'YES',
        amounts: {
          orderType: 'GTC',
          side: 'BUY',
          price: arg.price,
          contracts: BigInt(arg.contractsRaw),
        },
        notionalRaw: 1n,
        confirmed: true,
      });
      await app.refreshOrders(arg.slug);
      return view.orderId;
    },
    { slug, price, contractsRaw },
  );
}

/**
 * Milliseconds from DOMContentLoaded to the panel's first painted state (measured, never
 * asserted). The mark is in the panel's frame, the navigation timing in the page: both are
 * put on the wall clock through their documents' time origins.
 */
export async function panelReadyAfterDomContentLoaded(page: Page): Promise<number | null> {
  const frame = await eventually(async () => panelFrameOf(page), { what: 'the panel frame' });
  const ready = await frame.evaluate(async (name) => {
    // The mark is set in the animation frame after the first paint: it may land just after
    // the buttons are seen.
    const until = Date.now() + 5_000;
    let mark = performance.getEntriesByName(name)[0];
    while (!mark && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mark = performance.getEntriesByName(name)[0];
    }
    return mark ? performance.timeOrigin + mark.startTime : null;
  }, 'market-companion:panel-ready');
  const loaded = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    return nav ? performance.timeOrigin + nav.domContentLoadedEventEnd : null;
  });
  return ready !== null && loaded !== null ? Math.round(ready - loaded) : null;
}

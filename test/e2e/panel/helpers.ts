import type { Frame, Page } from 'playwright-core';
import type { SandboxOrder } from '../../../lib/core/api/sandbox';
import { eventually } from '../../wait';
import type { Harness } from '../fixtures';
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

/**
 * Places a resting order for the onboarded user as a click on a level of the panel's book
 * ladder does (`panel.limitOrder`: post-only GTC), sent from an extension page: `contractsRaw`
 * at `price` (a decimal like `0.3`), paid for with exactly their cost.
 */
export async function placeRestingOrder(
  h: Harness,
  slug: string,
  price: string,
  contractsRaw: string,
): Promise<string | null> {
  const [whole = '0', fraction = ''] = price.split('.');
  const priceMillis = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
  const view = await h.ask('panel.limitOrder', {
    marketSlug: slug,
    outcome: 'YES',
    side: 'BUY',
    price,
    amountRaw: ((BigInt(contractsRaw) * priceMillis) / 1000n).toString(),
    pressId: crypto.randomUUID(),
  });
  if (view.state !== 'resting') throw new Error(`the order is ${view.state}, not resting`);
  return view.orderId;
}

/**
 * Milliseconds from DOMContentLoaded to the panel's first painted state (measured, never
 * asserted). The later of the two marks is when the user can first see the panel.
 */
export async function panelReadyAfterDomContentLoaded(page: Page): Promise<number | null> {
  const marks = await panelLoadMarks(page);
  return marks && seenAfterDomContentLoaded(marks);
}

/** `panelReadyAfterDomContentLoaded` from marks already read. */
export const seenAfterDomContentLoaded = (marks: PanelLoadMarks): number =>
  Math.round(Math.max(marks.ready, marks.shown) - marks.loaded);

interface PanelLoadMarks {
  ready: number;
  shown: number;
  loaded: number;
  frame: Frame;
}

/**
 * A panel's load on the wall clock: its first painted state (the mark in its frame), the
 * loader showing the frame (which may have painted unseen before) and DOMContentLoaded's end
 * (both in the page), put on one clock through their documents' time origins; null while
 * one of them is missing after a wait.
 */
export async function panelLoadMarks(page: Page): Promise<PanelLoadMarks | null> {
  const frame = await eventually(async () => panelFrameOf(page), { what: 'the panel frame' });
  const ready = await frame.evaluate(markOnWallClock, 'market-companion:panel-ready');
  const shown = await page.evaluate(markOnWallClock, 'market-companion:panel-shown');
  const loaded = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    return nav ? performance.timeOrigin + nav.domContentLoadedEventEnd : null;
  });
  if (ready === null || shown === null || loaded === null) return null;
  return { ready, shown, loaded, frame };
}

/** A performance mark's time on the wall clock, waited for a while (it lands after a paint). */
export async function markOnWallClock(name: string): Promise<number | null> {
  const until = Date.now() + 5_000;
  let mark = performance.getEntriesByName(name)[0];
  while (!mark && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    mark = performance.getEntriesByName(name)[0];
  }
  return mark ? performance.timeOrigin + mark.startTime : null;
}

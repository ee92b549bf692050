/**
 * The panel finds room (issue 32, item 1): on the sandbox's market page, at three window
 * sizes, the panel (or, where it has no room, its folded bar) covers none of the order book,
 * the price cards or the buy form, and a trade still works once its place has settled. The
 * trader has not placed the panel here (`panelPlacedByUser: false`).
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Box } from '../../../components/panel/model/placement';
import { ROOM_SETTLE_MS } from '../../../components/panel/page-room';
import { overlaps } from '../../support/boxes';
import { eventually, useHarness } from '../fixtures';
import { expectBarShowsBook } from './bar-prices';
import { PanelDriver, panelFrameOf } from './driver';
import { ordersAfter, waitForNewOrders } from './helpers';
import { SANDBOX_MARKET_NEEDS, SIZES } from './room-sizes';

const h = useHarness(import.meta.url, { panelPlacedByUser: false });
const BTC = 'sandbox-btc-100k';

let page: Page | null = null;
let panel: PanelDriver | null = null;

beforeAll(async () => {
  await h().onboard('alice');
});

afterEach(async () => {
  await panel?.detach();
  await page?.close();
  panel = null;
  page = null;
  // Opening the bar is the trader's own placement: forgotten, so the next size finds room.
  await h().updateSettings((s) => ({
    ...s,
    panel: { ...s.panel, placements: [] },
  }));
});

/**
 * The frame's box once it is shown, sized to the panel it holds (the loader has placed it and
 * the panel has said its size) and settled: the page is live (its book is the socket's, the
 * last change of its layout made) and the box is the same on two looks further apart than
 * the loader waits before it looks for room again (page-room.ts).
 */
async function placedFrame(driver: PanelDriver, on: Page): Promise<Box & { collapsed: boolean }> {
  await on.locator('[data-live-status].on').waitFor();
  let last = '';
  return eventually(
    async () => {
      const box = await (await panelFrameOf(on)?.frameElement())?.boundingBox();
      const section = await driver.one('section.mc-panel');
      if (!box || !section || box.x < 0) return null;
      const same =
        Math.abs(box.height - section.rect.height) < 1 &&
        Math.abs(box.width - section.rect.width) < 1;
      if (!same) return null;
      const placed = {
        ...box,
        collapsed: section.attributes.class?.includes('collapsed') ?? false,
      };
      const seen = JSON.stringify(placed);
      const settled = seen === last;
      last = seen;
      return settled ? placed : null;
    },
    { intervalMs: ROOM_SETTLE_MS * 2, what: 'the panel’s frame placed, sized to the panel, still' },
  );
}

describe('the panel finds room on the sandbox’s market page', () => {
  for (const size of SIZES) {
    it(`at ${size.width}×${size.height}: covers none of the book, the price cards and the buy form; trades once settled`, async () => {
      page = await h().context.newPage();
      await page.setViewportSize(size);
      // Loaded: the page's styles and scripts are in, its layout is the one a trader sees.
      await page.goto(`${h().sandbox.siteUrl}/markets/${BTC}`, { waitUntil: 'load' });
      panel = await PanelDriver.attach(page);
      await panel.waitFor('section.mc-panel', () => true, 15_000);
      const frame = await placedFrame(panel, page);

      for (const [what, selector] of Object.entries(SANDBOX_MARKET_NEEDS)) {
        const needed = await page.locator(selector).boundingBox();
        if (!needed) throw new Error(`the sandbox page has no ${what}`);
        expect(
          overlaps(frame, needed),
          `the panel at ${JSON.stringify(frame)} covers the ${what} at ${JSON.stringify(needed)}`,
        ).toBe(false);
      }
      await h().shot(page, `room-${size.width}x${size.height}`);

      // Folded to its bar: one click opens it where it is (the trader's own placement now).
      if (frame.collapsed) {
        expect(frame.height).toBeLessThan(80);
        // The bar's best prices are the book the sandbox serves.
        await expectBarShowsBook(panel, h().sandbox, BTC);
        await panel.click('[data-action="collapse"]');
      }
      const since = (await h().admin.orders()).length;
      await panel.click('[data-key="BUY:YES:0"]');
      const [order] = await waitForNewOrders(h(), since);
      expect(order?.side).toBe('BUY');
      expect((await ordersAfter(h(), since)).length).toBe(1);
    });
  }
});

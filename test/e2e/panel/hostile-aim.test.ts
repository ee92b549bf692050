/**
 * A hostile market page against the panel's presses and numbers, with real (trusted)
 * mouse input. The rule a press meets judges its target: the control's box on the screen
 * and the panel's look must have been unchanged for the settle time, however recently the
 * pointer arrived. So a practised, quick press on a still panel trades, while the page
 * moving the panel under the pointer, flashing it there and back, a layout shift, a market
 * switch, or a panel the page draws unreadable (masked, clipped, filtered, faded, zoomed
 * out) makes the press refused with a sentence that says what happened. It also probes the
 * panel's numbers with `window.find`.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ILLEGIBLE_REFUSAL,
  LAYOUT_REFUSAL,
  MOVE_SETTLE_MS,
  MOVED_REFUSAL,
} from '../../../components/panel/model/aim';
import { OBSCURED_REFUSAL } from '../../../components/panel/model/trust';
import { eventually, useHarness } from '../fixtures';
import {
  type Drawing,
  drawnButton,
  drawPanel,
  type PageTrap,
  pageTrap,
} from '../harness/hostile-page';
import { type ElementInfo, type PanelDriver, panelFrameOf } from './driver';
import { openPanel, ordersAfter, placeRestingOrder, waitForNewOrders } from './helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';
const BUY = '[data-key="BUY:YES:0"]';
const NOTICE = '[data-notice="obscured"]';
/** Playwright's viewport, and one tall enough to flash the 690 px panel without clipping it. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
const TALL = { width: 1280, height: 1000 };
/** How far up the flash carries the panel. */
const FLASH_LIFT = 120;

let page: Page;
let panel: PanelDriver;

type Box = ElementInfo['rect'];
const centre = (r: Box) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
const sameBox = (a: Box, b: Box) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const orderCount = async () => (await h().admin.orders()).length;
/** The panel's host (its frame's box) in the page. */
const hostBox = async () => (await panelFrameOf(page)?.frameElement())?.boundingBox() ?? null;

/** The buy button once its box has stayed the same for longer than the settle time. */
async function stillBuy(): Promise<ElementInfo> {
  let last = await panel.waitFor(BUY, (b) => !b.disabled);
  let since = Date.now();
  for (;;) {
    await pause(50);
    const now = await panel.waitFor(BUY, (b) => !b.disabled);
    if (!sameBox(now.rect, last.rect)) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since > MOVE_SETTLE_MS + 100) {
      return now;
    }
  }
}

/** A press that must be refused with `sentence` (one of them), the panel saying so. */
async function refusedWith(sentences: string[]): Promise<string> {
  const notice = await eventually(
    async () => {
      const n = await panel.one(NOTICE);
      if (n && !sentences.includes(n.text)) throw new Error(`the panel said: ${n.text}`);
      return n?.text ?? null;
    },
    { what: `the refusal: ${sentences.join(' / ')}` },
  );
  return notice;
}

/**
 * The control press that follows every refused one: a press aimed like a person's trades,
 * and it is the only order since `since`, so the refused press sent nothing (the refusal
 * is decided in the panel before anything leaves it, and the notice came first).
 */
async function onlyTheControlTrades(since: number): Promise<void> {
  await panel.click(BUY);
  const orders = await waitForNewOrders(h(), since);
  expect(orders).toHaveLength(1);
  expect(orders[0]?.marketSlug).toBe(BTC);
  await panel.waitForText('[data-result="YES"]', /filled|killed|partly/, 15_000);
}

beforeAll(async () => {
  await h().onboard('alice');
  ({ page, panel } = await openPanel(h(), BTC));
});

afterAll(async () => {
  await panel?.detach();
});

// A test that failed half-way leaves the page as it was before it.
afterEach(async () => {
  await page.evaluate(() => (window as unknown as { untrap?(): void }).untrap?.());
  await page.evaluate(drawPanel, {
    drawing: 'plain' as Drawing,
    buy: { x: 0, y: 0, width: 0, height: 0 },
  });
});

describe('a press on a still panel counts, however quick', () => {
  for (const delay of [0, 50, 120]) {
    it(`${delay} ms after the pointer reaches the button`, async () => {
      const buy = centre((await stillBuy()).rect);
      const since = await orderCount();
      // From the page outside the panel, over the panel's other parts, onto the button.
      await page.mouse.move(buy.x - 260, buy.y - 40);
      await page.mouse.move(buy.x, buy.y, { steps: 6 });
      if (delay > 0) await pause(delay);
      await page.mouse.down();
      await page.mouse.up();
      const [order] = await waitForNewOrders(h(), since);
      expect(order?.marketSlug).toBe(BTC);
      await panel.waitForText('[data-result="YES"]', /filled|killed|partly/, 15_000);
      expect(await panel.one(NOTICE)).toBeNull();
    });
  }
});

describe('a press the user could not have aimed', () => {
  it('is refused when the page moves the panel under the pointer just before it', async () => {
    const buy = centre((await stillBuy()).rect);
    // Not below the button: moved down, the panel would leave the viewport, and a panel
    // clipped by it is one the browser calls not visible (refused for that reason instead).
    const decoy = { x: 240, y: Math.min(320, Math.round(buy.y)) };
    const since = await orderCount();
    // On the first mousemove over the decoy, the page translates the element that holds the
    // panel's host, which brings the buy button exactly under the pointer. (Moving the host
    // itself elsewhere in the page would reload the panel's frame, a blank panel under the
    // press.)
    await page.evaluate(pageTrap, { buy, decoy, returnAfterMs: null } satisfies PageTrap);
    await page.mouse.move(decoy.x - 60, decoy.y + 200);
    await page.mouse.move(decoy.x, decoy.y, { steps: 4 });
    await pause(40);
    await page.mouse.down();
    await page.mouse.up();
    await refusedWith([MOVED_REFUSAL]);
    await h().shot(page, 'moved-under-the-pointer-refused');
    await page.evaluate(() => (window as unknown as { untrap(): void }).untrap());
    await onlyTheControlTrades(since);
  });

  it('is refused after the page flashes the panel under the pointer and puts it back', async () => {
    // Tall enough that the panel (anchored at the bottom) can be carried up and to the left
    // without the viewport's edge clipping it: clipped, the browser calls the panel not
    // visible and the press is refused for that instead, on the old rule too, which
    // accepted this attack (a press placed an order on 720b9cf^).
    await page.setViewportSize(TALL);
    try {
      const host = await eventually(
        async () => {
          const box = await hostBox();
          return box && box.y + box.height <= TALL.height && box.y > FLASH_LIFT ? box : null;
        },
        { what: 'the panel placed in the tall viewport' },
      );
      const buy = centre((await stillBuy()).rect);
      // The decoy sits left of the panel; the page carries the panel there, its left edge
      // 200 px from the viewport's and FLASH_LIFT px up, wholly on screen.
      const decoy = { x: buy.x - host.x + 200, y: buy.y - FLASH_LIFT };
      const since = await orderCount();
      // The first mousemove over the decoy brings the buy button under the still pointer,
      // 150 ms later the page takes it away again (the frame hears nothing of either), and
      // a mousemove 450 ms or more after that puts it back exactly where it was.
      await page.evaluate(pageTrap, { buy, decoy, returnAfterMs: 450 } satisfies PageTrap);
      // The user's pointer comes from the left onto the decoy (160 px wide): its first
      // move over the decoy brings the panel, its last two land on the panel, the last on
      // the buy button, which the panel sees under the pointer.
      await page.mouse.move(decoy.x - 150, decoy.y);
      await page.mouse.move(decoy.x, decoy.y, { steps: 6 });
      await page.waitForFunction(
        () => (window as unknown as { trapPhase: string }).trapPhase === 'away',
      );
      await page.waitForFunction(
        () => (window as unknown as { trapReady(): boolean }).trapReady(),
        undefined,
        { polling: 20 },
      );
      // A small move of the user's hand, still over the decoy: the page puts the panel back.
      await page.mouse.move(decoy.x + 1, decoy.y);
      await page.waitForFunction(
        () => (window as unknown as { trapPhase: string }).trapPhase === 'back',
      );
      await pause(40);
      await page.mouse.down();
      await page.mouse.up();
      // Whichever comes first, an order or the panel's notice, says how the press ended.
      const ended = await eventually(
        async () =>
          (await ordersAfter(h(), since)).length > 0 || (await panel.one(NOTICE)) !== null,
        { what: 'the flashed press refused or placed' },
      );
      expect(ended).toBe(true);
      await h().shot(page, 'flash-and-return-refused');
      expect(await ordersAfter(h(), since), 'orders placed by the flashed press').toEqual([]);
      expect((await panel.one(NOTICE))?.text).toBe(MOVED_REFUSAL);
      await page.evaluate(() => (window as unknown as { untrap(): void }).untrap());
      await onlyTheControlTrades(since);
    } finally {
      await page.setViewportSize(DEFAULT_VIEWPORT);
    }
  });

  it('is refused when the panel re-lays itself out under the pointer just before it', async () => {
    const before = (await stillBuy()).rect;
    const since = await orderCount();
    // No content of the panel's own moves a trade control any more (layout.test.ts pins
    // that), so the shift is injected: the buy button laid out 40 px lower inside the frame
    // stands for any change of layout the rule must catch, whatever its cause.
    const frame = panelFrameOf(page);
    if (!frame) throw new Error('the panel has no frame');
    const shift = (px: number) =>
      frame.evaluate(
        ([selector, top]) => {
          const buy = document.querySelector<HTMLElement>(selector);
          if (!buy) throw new Error(`no ${selector} in the panel`);
          buy.style.position = top ? 'relative' : '';
          buy.style.top = top ? `${top}px` : '';
        },
        [BUY, px] as const,
      );
    await shift(40);
    const after = await eventually(
      async () => {
        const now = await panel.one(BUY);
        return now && !sameBox(now.rect, before) ? now.rect : null;
      },
      { intervalMs: 10, what: 'the buy button moved by the shift' },
    );
    const at = centre(after);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.up();
    await refusedWith([LAYOUT_REFUSAL, MOVED_REFUSAL]);
    await h().shot(page, 'layout-shift-refused');
    await shift(0);
    await onlyTheControlTrades(since);
  });

  it('is refused right after the page switches the panel to another market', async () => {
    const before = centre((await panel.waitFor(BUY, (b) => !b.disabled)).rect);
    // The user's pointer rests on the buy button, aimed at this market.
    await page.mouse.move(before.x, before.y);
    await pause(MOVE_SETTLE_MS + 200);
    const since = (await h().admin.orders()).length;
    const switchedAt = Date.now();
    await page.evaluate((slug) => history.pushState({}, '', `/markets/${slug}`), ETH);
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-slug'] === ETH);
    // The new market's panel may sit a few pixels apart: the pointer follows the button (a
    // market switch is refused whether the pointer moved or not).
    const after = centre((await panel.waitFor(BUY, (b) => !b.disabled)).rect);
    if (after.x !== before.x || after.y !== before.y) await page.mouse.move(after.x, after.y);
    // The attack presses once the move window is over, well inside the market's.
    await pause(Math.max(0, MOVE_SETTLE_MS + 100 - (Date.now() - switchedAt)));
    await page.mouse.down();
    await page.mouse.up();
    await panel.waitForText('[data-notice="obscured"]', /switched to another market/);
    await h().shot(page, 'market-switch-refused');
    // Once the new market has been on screen a moment, the same press is the user's: the
    // only order since the refused press.
    await panel.click(BUY);
    const orders = await waitForNewOrders(h(), since);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.marketSlug).toBe(ETH);
    await page.goBack();
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-slug'] === BTC);
  });
});

describe('a press on a panel the page draws unreadable', () => {
  const attacks: { name: string; drawing: Drawing; refusals: string[] }[] = [
    // Chromium's IntersectionObserver v2 reports the panel under this mask as visible.
    { name: 'mask-image at 2 %', drawing: 'mask', refusals: [ILLEGIBLE_REFUSAL.hidden] },
    // IntersectionObserver v2 sees clips, filters and opacity too: either sentence is true.
    {
      name: "a clip-path leaving only the button's middle",
      drawing: 'clip',
      refusals: [ILLEGIBLE_REFUSAL.hidden, OBSCURED_REFUSAL],
    },
    {
      name: 'a filter',
      drawing: 'filter',
      refusals: [ILLEGIBLE_REFUSAL.faded, OBSCURED_REFUSAL],
    },
    {
      name: 'opacity on <html>',
      drawing: 'opacity',
      refusals: [ILLEGIBLE_REFUSAL.faded, OBSCURED_REFUSAL],
    },
    {
      name: 'zoom: 0.1',
      drawing: 'zoom',
      refusals: [ILLEGIBLE_REFUSAL.small, OBSCURED_REFUSAL],
    },
  ];
  for (const { name, drawing, refusals } of attacks) {
    it(`is refused under ${name}`, async () => {
      const buy = (await stillBuy()).rect;
      const since = await orderCount();
      // Where the button is drawn now: the page's zoom scales the frame's inside too.
      let at = await page.evaluate(drawPanel, { drawing, buy });
      // The user's pointer reaches the blank (or tiny) button and rests there a while, so
      // the press is judged by how the panel is drawn, not by a recent change. Where the
      // loader placed the frame again meanwhile (a zoom changes the page's viewport), the
      // pointer follows the button and rests again, as a person's would.
      for (let aims = 0; ; aims++) {
        await page.mouse.move(at.x, at.y, { steps: 4 });
        await pause(MOVE_SETTLE_MS + 100);
        const now = await page.evaluate(drawnButton);
        if (!now || (Math.abs(now.x - at.x) < 0.5 && Math.abs(now.y - at.y) < 0.5)) break;
        if (aims >= 10) throw new Error(`the drawn button kept moving: last at ${now.x}, ${now.y}`);
        at = now;
      }
      await page.mouse.down();
      await page.mouse.up();
      await refusedWith(refusals);
      await h().shot(page, `unreadable-${drawing}-refused`);
      await page.evaluate(drawPanel, { drawing: 'plain' as Drawing, buy });
      await onlyTheControlTrades(since);
    });
  }
});

describe("the panel's numbers", () => {
  it('are not found by the page with window.find', async () => {
    await placeRestingOrder(h(), BTC, '0.3', '10000000');
    await panel.waitForText('[data-section="orders"]', /Open orders \(1\)/);
    const held = await eventually(
      async () => {
        const cell = await panel.one('[data-outcome="YES"] [data-cell="held"]');
        return cell && cell.text !== '—' ? cell.text : null;
      },
      { what: 'a YES holding in the panel' },
    );
    const pnl = (await panel.one('[data-outcome="YES"] [data-cell="pnl"]'))?.text ?? '';
    const probes = [held, pnl, 'Open orders (1)', 'Open orders'].filter((p) => p.length > 1);
    const found = await page.evaluate((texts) => {
      const find = (text: string) => {
        window.getSelection()?.removeAllRanges();
        return (window as unknown as { find(s: string): boolean }).find(text);
      };
      // The probe itself works: the page's own heading is found.
      const heading = document.querySelector('h1')?.textContent?.trim() ?? '';
      return { control: heading ? find(heading) : false, probes: texts.map(find) };
    }, probes);
    expect(found.control).toBe(true);
    expect(found.probes).toEqual(probes.map(() => false));
  });
});

/**
 * Trade controls stay put (issue 29, item 1). Every section of the panel is opened and
 * closed and every kind of live content is fed to it while each trade control's box on the
 * screen (the frame's box in the page plus the control's box in the frame) is recorded:
 * none may move. And the layout-shift press: a busy page holds the loader's resize of the
 * frame back, the pointer rests where Save was first drawn, and the press must not land on
 * a buy.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_SETTLE_MS } from '../../../components/panel/model/aim';
import { eventually, useHarness } from '../fixtures';
import { type PanelDriver, panelFrameOf } from './driver';
import { openPanel, ordersAfter, placeRestingOrder, waitForNewOrders } from './helpers';
import { openOrdersComeAndGo, type StaysPut, sectionsOpenAndClose, stayingPut } from './stays-put';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const BUY = '[data-key="BUY:YES:0"]';
const YES_BIDS = '[data-level^="YES:BUY:"]';
const VIEWPORT = { width: 1280, height: 860 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let page: Page;
let panel: PanelDriver;

/**
 * The loader has given the frame the size the panel last asked for: the frame's box in the
 * page is the panel's box (a positive barrier: whatever resize was coming has happened).
 */
async function frameSettled(): Promise<void> {
  await eventually(
    async () => {
      const box = await (await panelFrameOf(page)?.frameElement())?.boundingBox();
      const wanted = await panel.onRoot((root) => {
        const section = root.querySelector('.mc-panel') as HTMLElement | null;
        return section ? section.scrollHeight + section.offsetHeight - section.clientHeight : null;
      }, null);
      return box && wanted !== null && Math.abs(box.height - wanted) < 1;
    },
    { what: 'the frame sized to the panel' },
  );
}

let staysPut: StaysPut;

/**
 * A press on `selector` just after the page moved the panel 2 px (and before it is put back):
 * refused by the aim check, with a notice. (A quick press on a still panel is the user's now.)
 */
async function movedPress(selector: string): Promise<void> {
  const el = await panel.waitFor(selector);
  const at = { x: el.rect.x + el.rect.width / 2, y: el.rect.y + el.rect.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.evaluate(() => {
    document.documentElement.style.transform = 'translateY(2px)';
  });
  await page.mouse.move(at.x, at.y + 2);
  await page.mouse.down();
  await page.mouse.up();
  await page.evaluate(() => {
    document.documentElement.style.removeProperty('transform');
  });
}

/** The YES book in the background replaced by `levels` of its own best levels (a push follows). */
async function keepTopLevels(levels: number): Promise<void> {
  // withApp: a fault: the background's book replaced behind the exchange's back.
  await h().withApp(
    async (app, arg) => {
      const market = await app.market(arg.slug);
      const depth = app.books.depth(arg.slug);
      if (!market?.tokens || !depth) throw new Error('no book');
      const level = (l: { priceMillis: bigint; sizeRaw: bigint }) => ({
        price: Number(l.priceMillis) / 1000,
        size: l.sizeRaw.toString(),
      });
      const saved = (globalThis as unknown as { savedDepth?: typeof depth }).savedDepth ?? depth;
      (globalThis as unknown as { savedDepth?: typeof depth }).savedDepth = saved;
      // The book as the live connection would send it: only a live book replaces a live one.
      app.books.applyLive(
        arg.slug,
        {
          tokenId: market.tokens.yes,
          bids: saved.bids.slice(0, arg.levels).map(level),
          asks: saved.asks.slice(0, arg.levels).map(level),
          adjustedMidpoint: null,
          minSize: '100',
        },
        Date.now(),
      );
      await app.refreshOrders(arg.slug);
    },
    { slug: BTC, levels },
  );
}

beforeAll(async () => {
  await h().onboard('alice');
  ({ page, panel } = await openPanel(h(), BTC));
  staysPut = stayingPut(panel, { settled: frameSettled, shot: (what) => h().shot(page, what) });
  await page.setViewportSize(VIEWPORT);
  await panel.waitFor(YES_BIDS);
  await h().shot(page, 'panel at 1280x860');
  // A measurement for the report (the open panel's one height), not an assertion.
  const heights = await panel.onRoot(
    (root) =>
      ['.mc-panel', '.mc-head', '.mc-body'].map(
        (s) => (root.querySelector(s) as HTMLElement | null)?.offsetHeight ?? null,
      ),
    null,
  );
  console.log(`open panel, header, body: ${heights?.join(', ')} px high`);
});

afterAll(async () => {
  await panel?.detach();
});

describe('trade controls stay put', () => {
  it('while the presets editor, the alert form and line, and the order type come and go', async () => {
    await sectionsOpenAndClose(panel, staysPut, (text) => page.keyboard.type(text));
  });

  it('while a refusal notice comes and goes', async () => {
    await staysPut('a refusal notice', async () => {
      await movedPress('[data-action="order-type-FOK"]');
      await panel.waitFor('[data-notice="obscured"]');
    });
    await staysPut('the notice clearing', async () => {
      await panel.click('[data-action="order-type-FOK"]');
      await eventually(async () => (await panel.one('[data-notice]')) === null);
    });
  });

  it('while a block notice comes and goes', async () => {
    await staysPut('a block notice', async () => {
      await h().admin.tradingMode('cancel_only', new Date(Date.now() + 3_600_000).toISOString());
      await h().ask('maintenance.refresh', {});
      await panel.waitFor('[data-block="trading-mode"]');
    });
    await staysPut('the block notice leaving', async () => {
      await h().admin.tradingMode('normal', null);
      await h().ask('maintenance.refresh', {});
      await eventually(async () => (await panel.one('[data-block]')) === null);
    });
  });

  it('while result lines, open orders and their cancels come and go', async () => {
    const since = (await h().admin.orders()).length;
    await staysPut('a result line', async () => {
      await panel.click(BUY);
      await waitForNewOrders(h(), since);
      await panel.waitForText('[data-result="YES"]', /filled/);
    });
    await staysPut('a resting order listed', async () => {
      await placeRestingOrder(h(), BTC, '0.1', '10000000');
      await panel.waitFor('[data-action="cancel-order"]');
    });
    await staysPut('a cancel and its result line', async () => {
      await panel.click('[data-action="cancel-order"]');
      await panel.waitForText('[data-result="orders"]', /cancelled/);
      await eventually(async () => (await panel.one('[data-action="cancel-order"]')) === null);
    });
  });

  it('while open orders above a Cancel go and new ones rest', async () => {
    await openOrdersComeAndGo(panel, staysPut, {
      sandbox: h().sandbox,
      admin: h().admin,
      label: 'alice',
      slug: BTC,
    });
  });

  it('while the book loses and regains rows', async () => {
    await staysPut('book rows leaving', async () => {
      await keepTopLevels(1);
      await eventually(async () => (await panel.all(YES_BIDS)).length === 1);
    });
    await staysPut('book rows arriving', async () => {
      await keepTopLevels(5);
      await eventually(async () => (await panel.all(YES_BIDS)).length > 1);
    });
  });

  it('while a large order waits for its second click', async () => {
    await staysPut('presets changing', async () => {
      await h().send('panel.saveQuickTrade', {
        presets: ['5000000', '10000000', '25000000', '150000000'],
      });
      await panel.waitForText('[data-key="BUY:YES:3"]', /\$150/);
    });
    await staysPut('an armed confirmation', async () => {
      await panel.click('[data-key="BUY:YES:3"]');
      await panel.waitFor('[data-key="BUY:YES:3"]', (b) => b.attributes['data-armed'] === 'true');
    });
    await staysPut('the confirmation closing', async () => {
      await panel.waitFor('[data-key="BUY:YES:3"]', (b) => !b.attributes['data-armed'], 10_000);
    });
    await h().send('panel.saveQuickTrade', {
      presets: ['5000000', '10000000', '25000000', '50000000'],
    });
    await panel.waitForText('[data-key="BUY:YES:3"]', /\$50/);
  });
});

it('looks right in the dark theme too', async () => {
  await h().updateSettings((s) => ({ ...s, theme: 'dark' }));
  await eventually(
    async () =>
      (await panel.onRoot((root) => root.host.getAttribute('data-theme'), null)) === 'dark',
  );
  await h().shot(page, 'panel dark');
  await h().updateSettings((s) => ({ ...s, theme: 'system' }));
});

describe('the layout-shift press', () => {
  it('a pointer resting where Save was drawn does not buy when the frame catches up late', async () => {
    await frameSettled();
    // A page busy with its own work: the loader (in the page's main thread) handles the
    // frame's new size only after it. The click into the frame blurs the page's window.
    await page.evaluate(() => {
      window.addEventListener(
        'blur',
        () => {
          setTimeout(() => {
            const until = performance.now() + 2_000;
            while (performance.now() < until) {
              // busy
            }
          }, 0);
        },
        { once: true },
      );
    });
    const origin = (await (await panelFrameOf(page)?.frameElement())?.boundingBox()) ?? null;
    if (!origin) throw new Error('no panel frame');
    const since = (await h().admin.orders()).length;
    await panel.click('[data-action="edit-presets"]');
    // Where Save is first drawn, read inside the frame (its own process is not busy).
    const save = await eventually(
      async () =>
        panel.onRoot((root) => {
          const el = root.querySelector('[data-action="save-presets"]');
          const r = el?.getBoundingClientRect();
          return r ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
        }, null),
      { what: 'the Save button drawn' },
    );
    const rest = { x: origin.x + save.x, y: origin.y + save.y };
    await page.mouse.move(rest.x, rest.y);
    // The page is free again, and the frame has whatever size the panel asked for. A
    // person's resting hand still stirs the pointer by a pixel: the panel sees what is under
    // it now, and the press comes well after the aim check's settle time.
    await frameSettled();
    await page.mouse.move(rest.x + 1, rest.y);
    await pause(MOVE_SETTLE_MS + 200);
    await page.mouse.down();
    await page.mouse.up();
    await h().shot(page, 'layout-shift press');
    // The press went to Save (the editor closes) or to a buy (an order): either proves it
    // was handled.
    await eventually(
      async () =>
        (await ordersAfter(h(), since)).length > 0 || (await panel.one('form.mc-presets')) === null,
      { what: 'the press handled' },
    );
    expect(await ordersAfter(h(), since)).toEqual([]);
    // A press aimed at the buy still trades.
    await panel.click(BUY);
    await waitForNewOrders(h(), since);
  });
});

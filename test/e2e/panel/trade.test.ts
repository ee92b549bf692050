import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAYOUT_REFUSAL, MOVED_REFUSAL } from '../../../components/panel/model/aim';
import { PROTOCOL } from '../../../lib/protocol/messages';
import { pastAimWindow } from '../../wait';
import { eventually, useHarness } from '../fixtures';
import { restyleHostAway } from '../harness/hostile-page';
import { withAlicesPanel } from './alices-panel';
import { PanelDriver, panelFrameOf } from './driver';
import {
  openPanel,
  ordersAfter,
  panelReadyAfterDomContentLoaded,
  placeRestingOrder,
  waitForNewOrders,
} from './helpers';

const h = useHarness(import.meta.url);

/**
 * After refused presses and then a real one: the real press's order is the only new one
 * at the exchange. Presses go the same road in order, so a refused one that went through
 * would be there by the time the real one is: a positive check, no waiting for nothing.
 */
async function onlyTheRealPress(since: number, intentsBefore: Set<string>): Promise<void> {
  const real = await eventually(async () => (await newIntents(intentsBefore))[0] ?? null, {
    what: "the real press's intent",
  });
  await eventually(
    async () => (await ordersAfter(h(), since)).some((o) => o.clientOrderId === real.clientOrderId),
    { what: "the real press's order at the sandbox" },
  );
  expect((await ordersAfter(h(), since)).map((o) => o.clientOrderId)).toEqual([real.clientOrderId]);
  // The same one intent (its state moves on meanwhile: sending, then filled).
  expect((await newIntents(intentsBefore)).map((i) => i.clientOrderId)).toEqual([
    real.clientOrderId,
  ]);
}

/** The client order ids of the intents the app state lists now. */
const intentIds = async () => new Set((await h().snapshot()).intents.map((i) => i.clientOrderId));

/** The intents the app state lists that `before` did not have, newest first. */
const newIntents = async (before: Set<string>) =>
  (await h().snapshot()).intents.filter((i) => !before.has(i.clientOrderId));
const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';

let page: Page;
let panel: PanelDriver;

withAlicesPanel(
  h,
  (at) => {
    ({ page, panel } = at);
  },
  BTC,
);

const isArmed = (b: { attributes: Record<string, string> }) =>
  b.attributes['data-armed'] === 'true';

/**
 * Clicks a confirmation button twice, the second time only once it shows armed, and
 * returns the order that left. On a loaded machine the 3 s window can close between
 * seeing the button armed and the click landing: that click arms it anew and places
 * nothing (the background refuses an unconfirmed large order), so the pair is tried
 * again. Whatever is placed was placed by a click on an armed button.
 */
async function confirmWithSecondClick(selector: string, since: number) {
  const attempts = 3;
  for (let attempt = 1; ; attempt++) {
    if (!isArmed((await panel.one(selector)) ?? { attributes: {} })) await panel.click(selector);
    await panel.waitFor(selector, isArmed);
    await panel.click(selector);
    try {
      const [order] = await waitForNewOrders(h(), since);
      return order;
    } catch (error) {
      if (attempt === attempts) throw error;
    }
  }
}

/** Held contracts of an outcome as the panel shows them. */
const held = async (outcome: 'YES' | 'NO') =>
  (await panel.one(`tr[data-outcome="${outcome}"] [data-cell="held"]`))?.text ?? '';

describe('the panel on a market page', () => {
  it('appears in a closed shadow root with live prices, the position and the buy buttons', async () => {
    expect(await panel.present()).toBe(true);
    // The page's own scripts see the host but cannot open it.
    expect(
      await page.evaluate(() => {
        const host = document.querySelector('[data-market-companion="panel"]');
        return { found: host !== null, shadowRoot: host?.shadowRoot ?? null };
      }),
    ).toEqual({ found: true, shadowRoot: null });
    expect(await panel.text()).toContain('Will BTC close above $100k?');
    expect((await panel.one('tr[data-outcome="YES"] [data-cell="ask"]'))?.text).toMatch(/¢$/);
    expect(await held('YES')).toBe('500');
    const buys = await panel.all('[data-key^="BUY:"]');
    expect(buys.map((b) => b.attributes['data-key'])).toEqual([
      'BUY:YES:0',
      'BUY:YES:1',
      'BUY:YES:2',
      'BUY:YES:3',
      'BUY:NO:0',
      'BUY:NO:1',
      'BUY:NO:2',
      'BUY:NO:3',
    ]);
    expect(buys[1]?.text).toMatch(/^\$10 ≈\d+(\.\d+)?$/);
    await h().shot(page, 'normal-with-position');
  });

  it('shows its buttons soon after the page is ready when the market is already known', async () => {
    const again = await openPanel(h(), BTC);
    const ms = await panelReadyAfterDomContentLoaded(again.page);
    // A measurement for the report and the benchmark, not a timed assertion.
    console.log(`panel painted ${ms} ms after DOMContentLoaded (market already known)`);
    expect(ms).not.toBeNull();
    await again.panel.detach();
    await again.page.close();
  });

  it('buy FOK: one real click spends exactly the amount and the position updates', async () => {
    const since = (await h().admin.orders()).length;
    await panel.click('[data-key="BUY:YES:1"]');
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({
      marketSlug: BTC,
      orderType: 'FOK',
      side: 'BUY',
      makerAmount: '10000000',
      price: null,
      signatureValid: true,
    });
    const line = await panel.waitForText('[data-result="YES"]', /filled [\d.]+ YES at/);
    expect(line.text).toMatch(/^Buy YES \$10: filled/);
    await eventually(async () => (await held('YES')) !== '500', {
      what: 'the YES position to grow',
    });
    await h().shot(page, 'after-buy-fok');
  });

  it('buy FAK: the toggle switches to FAK with a limit of best ask + 2 cents', async () => {
    await panel.click('[data-action="order-type-FAK"]');
    await panel.waitFor(
      '[data-action="order-type-FAK"]',
      (b) => b.attributes['aria-pressed'] === 'true',
    );
    const row = await panel.waitForText('[data-outcome-group="NO"]', /≤ \d+¢/);
    const limitCents = Number(/≤ (\d+(?:\.\d)?)¢/.exec(row.text)?.[1]);
    const askCents = Number(
      (await panel.one('tr[data-outcome="NO"] [data-cell="ask"]'))?.text.replace('¢', ''),
    );
    expect(limitCents).toBeCloseTo(askCents + 2, 5);
    const since = (await h().admin.orders()).length;
    await panel.click('[data-key="BUY:NO:0"]');
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({ orderType: 'FAK', side: 'BUY', signatureValid: true });
    expect(order?.price).toBeCloseTo(limitCents / 100, 5);
    await panel.waitForText('[data-result="NO"]', /Buy NO \$5: (filled|partially)/);
    // The choice is remembered in the settings.
    expect((await h().snapshot()).settings.quickTrade.orderType).toBe('FAK');
    await h().shot(page, 'after-buy-fak');
  });

  it('sell 50 %: sells half of the held contracts', async () => {
    await panel.click('[data-action="order-type-FOK"]');
    await panel.waitFor(
      '[data-action="order-type-FOK"]',
      (b) => b.attributes['aria-pressed'] === 'true',
    );
    const heldRaw = (await h().ask('panel.state', { marketSlug: BTC })).position?.no.contractsRaw;
    if (heldRaw === undefined) throw new Error('no NO position to sell');
    const since = (await h().admin.orders()).length;
    await panel.click('[data-key="SELL:NO:50"]');
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({ orderType: 'FOK', side: 'SELL', signatureValid: true });
    expect(order?.makerAmount).toBe((BigInt(heldRaw) / 2n).toString());
    await panel.waitForText('[data-result="NO"]', /Sell NO 50%: filled/);
  });

  it('a large order needs a second click on the same button within 3 s', async () => {
    const saved = await h().send('panel.saveQuickTrade', { presets: ['5000000', '150000000'] });
    expect(saved.ok).toBe(true);
    await panel.waitForText('[data-key="BUY:YES:1"]', /\$150/);
    const since = (await h().admin.orders()).length;
    await panel.click('[data-key="BUY:YES:1"]');
    const armed = await panel.waitFor('[data-key="BUY:YES:1"]', isArmed);
    expect(armed.text).toContain('Confirm $150');
    expect(armed.attributes['aria-label']).toMatch(/^Click again to confirm \$150: /);
    await h().shot(page, 'confirmation-armed');
    // One click, then nothing: the window closes (the button disarms) and no order left.
    await panel.waitFor('[data-key="BUY:YES:1"]', (b) => !isArmed(b), 10_000);
    expect(await ordersAfter(h(), since)).toEqual([]);
    // Two clicks within the window place it, confirmed.
    const order = await confirmWithSecondClick('[data-key="BUY:YES:1"]', since);
    expect(order).toMatchObject({ orderType: 'FOK', side: 'BUY', makerAmount: '150000000' });
    await panel.waitForText('[data-result="YES"]', /Buy YES \$150: filled/);
    await h().send('panel.saveQuickTrade', {
      presets: ['5000000', '10000000', '25000000', '50000000'],
    });
    await panel.waitForText('[data-key="BUY:YES:1"]', /\$10/);
  });

  it('one-click cancel of an open order, then cancel all on this market', async () => {
    const ids = [
      await placeRestingOrder(h(), BTC, '0.3', '10000000'),
      await placeRestingOrder(h(), BTC, '0.31', '10000000'),
      await placeRestingOrder(h(), BTC, '0.32', '10000000'),
    ];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    await panel.waitForText('[data-section="orders"]', /Open orders \(3\)/);
    await h().shot(page, 'open-orders');
    await panel.click(`button[data-action="cancel-order"][data-order-id="${ids[0]}"]`);
    await panel.waitForText('[data-section="orders"]', /Open orders \(2\)/);
    const first = (await h().admin.orders()).find((o) => o.id === ids[0]);
    expect(first?.status).toBe('CANCELED');
    await panel.click('[data-action="cancel-all"]');
    await panel.waitForText('[data-result="orders"]', /2 orders cancelled/);
    await panel.waitForText('[data-section="orders"]', /Open orders \(0\)/);
    const statuses = (await h().admin.orders())
      .filter((o) => ids.includes(o.id))
      .map((o) => o.status);
    expect(statuses).toEqual(['CANCELED', 'CANCELED', 'CANCELED']);
  });

  it('a page script cannot press the buttons: click(), dispatched events, the host', async () => {
    await placeRestingOrder(h(), BTC, '0.3', '10000000');
    await panel.waitForText('[data-section="orders"]', /Open orders \(1\)/);
    const since = (await h().admin.orders()).length;
    const intentsBefore = await intentIds();
    const buy = await panel.waitFor('[data-key="BUY:YES:0"]');
    // From the page's own world: the host, and whatever is at the button's position.
    const reached = await page.evaluate(
      ({ x, y }) => {
        const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
        host.click();
        host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
        const hit = document.elementFromPoint(x, y) as HTMLElement | null;
        hit?.click();
        hit?.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
        return hit === host;
      },
      { x: buy.rect.x + buy.rect.width / 2, y: buy.rect.y + buy.rect.height / 2 },
    );
    expect(reached).toBe(true);
    // Worse: a script that holds the buttons themselves (DevTools hands them to the page world).
    for (const selector of [
      '[data-key="BUY:YES:0"]',
      '[data-key="BUY:NO:1"]',
      '[data-key="SELL:YES:100"]',
      '[data-action="cancel-all"]',
      '[data-action="cancel-order"]',
    ]) {
      expect(await panel.scriptClick(selector)).toBe(true);
    }
    // Twice on the same large button would be a confirmation, were it trusted.
    await panel.scriptClick('[data-key="BUY:YES:3"]');
    await panel.scriptClick('[data-key="BUY:YES:3"]');
    expect(await panel.one('[data-key="BUY:YES:3"][data-armed]')).toBeNull();
    // A real press after them takes the same road: once its order is at the exchange,
    // theirs would be there before it. Only the real one is.
    await panel.click('[data-key="BUY:NO:0"]');
    await onlyTheRealPress(since, intentsBefore);
    expect((await panel.one('[data-section="orders"]'))?.text).toMatch(/Open orders \(1\)/);
    await panel.click('[data-action="cancel-all"]');
    await panel.waitForText('[data-section="orders"]', /Open orders \(0\)/);
  });
});

describe('a hostile page', () => {
  it('cannot make the user click an invisible panel: a see-through cover or a faded page', async () => {
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled);
    const since = (await h().admin.orders()).length;
    const intentsBefore = await intentIds();
    // A cover the clicks pass through, painted over the panel (a decoy would sit on it).
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'decoy';
      cover.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:rgba(255,255,255,0.9)';
      cover.textContent = 'Click the buttons to win a prize';
      document.body.append(cover);
    });
    await pastAimWindow();
    await panel.click('[data-key="BUY:YES:0"]');
    await panel.waitForText('[data-notice="obscured"]', /covers or hides this panel/);
    await h().shot(page, 'hostile-cover-refused');
    await page.evaluate(() => document.getElementById('decoy')?.remove());
    // The page fades itself (and the panel with it) nearly to nothing.
    await page.evaluate(() => {
      document.documentElement.style.opacity = '0.05';
    });
    await pastAimWindow();
    await panel.click('[data-key="BUY:YES:0"]');
    await panel.waitForText('[data-notice="obscured"]', /covers or hides this panel/);
    await page.evaluate(() => {
      document.documentElement.style.opacity = '';
    });
    // Visible again: the same click goes through, and it is the only order (the refused
    // presses before it would have reached the exchange first).
    await panel.click('[data-key="BUY:YES:0"]');
    await onlyTheRealPress(since, intentsBefore);
    expect(await panel.one('[data-notice="obscured"]')).toBeNull();
  });

  it('does not learn the extension id from the panel starting', async () => {
    const spied = await h().context.newPage();
    await spied.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      window.addEventListener('message', (event) => seen.push(JSON.stringify(event.data)));
    });
    await spied.goto(`${h().sandbox.siteUrl}/markets/${BTC}`);
    const spiedPanel = await PanelDriver.attach(spied);
    await spiedPanel.waitFor('[data-key="BUY:YES:0"]');
    const seen = await spied.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.filter((m) => m.includes(h().extensionId))).toEqual([]);
    await spiedPanel.detach();
    await spied.close();
  });

  it("keeps the panel's styles and the page's apart", async () => {
    // Ours stay in the shadow root: nothing added to the page's document.
    expect(
      await page.evaluate(() => ({
        documentStyles: document.querySelectorAll('style[wxt-shadow-root-document-styles]').length,
        bodyFont: getComputedStyle(document.body).fontFamily,
      })),
    ).toMatchObject({ documentStyles: 0 });
    // The page's rules, however forceful, do not reach inside.
    await page.evaluate(() => {
      const sheet = document.createElement('style');
      sheet.id = 'loud';
      sheet.textContent =
        'button, span, td { color: rgb(255, 0, 0) !important; font-size: 40px !important; } body { color: rgb(0, 0, 255); font-size: 30px; }';
      document.head.append(sheet);
    });
    const inside = await panel.onRoot((root) => {
      const button = root.querySelector('[data-key="BUY:YES:0"]') as HTMLElement;
      const cell = root.querySelector('td') as HTMLElement;
      return {
        buttonColor: getComputedStyle(button).color,
        buttonSize: getComputedStyle(button).fontSize,
        cellColor: getComputedStyle(cell).color,
      };
    }, null);
    expect(inside?.buttonColor).not.toBe('rgb(255, 0, 0)');
    expect(inside?.cellColor).not.toBe('rgb(0, 0, 255)');
    expect(inside?.buttonSize).not.toBe('40px');
    await page.evaluate(() => document.getElementById('loud')?.remove());
  });

  it('cannot restyle the panel host', async () => {
    const style = await page.evaluate(restyleHostAway);
    // `:host { all: initial !important }` inside the shadow root outranks the page's rules.
    expect(style.display).not.toBe('none');
    expect(style.opacity).toBe('1');
    expect((await panel.one('[data-key="BUY:YES:0"]'))?.rect.width).toBeGreaterThan(0);
  });

  it('the background refuses an unconfirmed large order whatever the page does', async () => {
    const answer = await h().send('panel.quickOrder', {
      marketSlug: BTC,
      outcome: 'YES',
      side: 'BUY',
      orderType: 'FOK',
      amountRaw: '150000000',
      pressId: crypto.randomUUID(),
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'validation', issues: [{ field: 'confirmed' }] },
    });
  });
});

describe('single-page navigation', () => {
  it('leaves no frame on a page of the site that is no market page', async () => {
    // The loader starts the panel's frame before its settings say what this page is.
    const home = await h().context.newPage();
    try {
      await home.goto(`${h().sandbox.siteUrl}/`, { waitUntil: 'load' });
      await home.waitForSelector('[data-market-card]');
      await eventually(
        () =>
          home.evaluate(
            () => document.querySelector('aside[data-market-companion="panel"]') === null,
          ),
        { what: 'the early frame to go' },
      );
      expect(home.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(false);
    } finally {
      await home.close();
    }
  });

  it("follows the site's pushState navigation: off the list page, onto another market", async () => {
    // The sandbox site swaps its <main> and calls history.pushState on internal links.
    await page.click('nav.crumbs a[href="/"]');
    await page.waitForSelector('[data-market-card]');
    expect(page.url()).toBe(`${h().sandbox.siteUrl}/`);
    await eventually(async () => !(await panel.present()), { what: 'the panel to leave' });
    await page.click(`[data-market-card="${ETH}"]`);
    await page.waitForSelector(`main[data-market-slug="${ETH}"]`);
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-slug'] === ETH);
  });

  it('after pushState the background accepts orders on the new market', async () => {
    await panel.waitForText('.mc-title', /ETH/i);
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled);
    // The background checks the order's market against the sender's URL: after pushState
    // that URL must be the new one, or this order would be refused.
    const since = (await h().admin.orders()).length;
    await panel.click('[data-key="BUY:YES:0"]');
    const [order] = await waitForNewOrders(h(), since);
    expect(order?.marketSlug).toBe(ETH);
    await panel.waitForText('[data-result="YES"]', /Buy YES \$5: (delayed|filled)/);
    await h().shot(page, 'after-pushstate');
  });

  it('comes back with the back button, and follows a page script’s pushState too', async () => {
    await page.goBack();
    await page.goBack();
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-slug'] === BTC);
    await page.evaluate(() => history.pushState({}, '', '/'));
    await eventually(async () => !(await panel.present()), { what: 'the panel to leave' });
    await page.evaluate((slug) => history.pushState({}, '', `/markets/${slug}`), BTC);
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-slug'] === BTC);
    await panel.waitFor('[data-key="BUY:YES:0"]');
  });

  it('refuses the panel asking about another market than its page', async () => {
    const frame = await eventually(async () => panelFrameOf(page), { what: 'the panel frame' });
    const answer = await frame.evaluate(
      (protocol) =>
        (
          globalThis as unknown as {
            chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
          }
        ).chrome.runtime.sendMessage({
          protocol,
          name: 'panel.state',
          payload: { marketSlug: 'sandbox-eth-flip' },
        }),
      PROTOCOL,
    );
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: 'that market is not the one on this page' },
    });
  });
});

describe('without a position', () => {
  it('selling everything leaves no sell buttons', async () => {
    for (const outcome of ['YES', 'NO'] as const) {
      const key = `[data-key="SELL:${outcome}:100"]`;
      await panel.click(key);
      const armed = await panel.one(`${key}[data-armed="true"]`);
      if (armed) await panel.click(key);
      await panel.waitForText(
        `[data-result="${outcome}"]`,
        new RegExp(`Sell ${outcome} 100%: filled`),
      );
    }
    await eventually(async () => (await panel.all('[data-key^="SELL:"]')).length === 0, {
      what: 'the sell buttons to go',
    });
    expect(await held('YES')).toBe('—');
    await h().shot(page, 'normal-without-position');
  });
});

describe('a stopped service worker', () => {
  it('the panel keeps its state, reconnects (waking the worker), and its next click trades', async () => {
    await h().stopWorker();
    expect(await panel.present()).toBe(true);
    // The panel's reconnecting port alone wakes the worker, and state flows over it again:
    // an order placed elsewhere shows up in the panel, and one click cancels it.
    const restingId = await placeRestingOrder(h(), BTC, '0.21', '10000000');
    const cancel = `button[data-action="cancel-order"][data-order-id="${restingId}"]`;
    await panel.waitFor(cancel, (b) => !b.disabled, 15_000);
    await panel.click(cancel);
    await eventually(async () => (await panel.one(cancel)) === null, {
      what: 'the cancelled order to leave the panel',
    });
    await h().stopWorker();
    // The panel notices the stop, reconnects (which wakes a new worker) and is live again:
    // a state read before it noticed would let the click land while it re-lays itself out.
    await eventually(() => h().workerRestarted(), { what: 'a new worker woken by the panel' });
    await eventually(async () => (await panel.one('.mc-dot.live')) !== null, {
      what: 'the live light after the restart',
      timeoutMs: 15_000,
    });
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 15_000);
    const since = (await h().admin.orders()).length;
    // The state the new worker pushes can re-lay the panel out under the pointer; the panel
    // then says it moved and sent nothing, and a person clicks again. So does this test.
    for (let attempt = 1; ; attempt++) {
      await panel.click('[data-key="BUY:YES:0"]');
      const outcome = await eventually(
        async () => {
          if ((await ordersAfter(h(), since)).length > 0) return 'sent';
          const notice = await panel.one('[data-notice="obscured"]');
          return notice?.text === MOVED_REFUSAL || notice?.text === LAYOUT_REFUSAL ? 'moved' : null;
        },
        { what: 'the order sent, or the panel saying it moved' },
      );
      if (outcome === 'sent' || attempt === 3) break;
    }
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({ marketSlug: BTC, side: 'BUY', makerAmount: '5000000' });
    await panel.waitForText('[data-result="YES"]', /Buy YES \$5: filled/);
  });
});

describe('placement and shortcuts', () => {
  it('drags to another corner, remembers it, and comes back there after a reload', async () => {
    const head = await panel.waitFor('.mc-head');
    const startX = head.rect.x + 60;
    const startY = head.rect.y + head.rect.height / 2;
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    await page.mouse.move(startX - 300, startY - 200, { steps: 5 });
    await page.mouse.move(60, 40, { steps: 10 });
    await page.mouse.up();
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-corner'] === 'top-left');
    const saved = await eventually(
      async () => {
        const [s] = (await h().snapshot()).settings.panel.placements;
        return s?.corner === 'top-left' ? s : null;
      },
      { what: 'the placement to be saved' },
    );
    expect(saved.offset.x).toBeLessThan(200);
    await page.reload();
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-corner'] === 'top-left');
    const box = await panel.waitFor('.mc-panel');
    expect(box.rect.x).toBeCloseTo(saved.offset.x, 0);
    expect(box.rect.y).toBeCloseTo(saved.offset.y, 0);
    await h().shot(page, 'dragged-top-left');
  });

  it('collapses to its title bar and expands again', async () => {
    await panel.click('[data-action="collapse"]');
    await eventually(async () => (await panel.one('[data-key]')) === null, { what: 'collapse' });
    await eventually(
      async () => (await h().snapshot()).settings.panel.placements[0]?.collapsed === true,
      { what: 'collapsed to be saved' },
    );
    await h().shot(page, 'collapsed');
    await panel.click('[data-action="collapse"]');
    await panel.waitFor('[data-key="BUY:YES:0"]');
  });

  it('a keyboard command from the background buys YES at the first preset', async () => {
    const since = (await h().admin.orders()).length;
    // withApp: the worker's own message to the tab stands in for the `commands` event, so this
    // test pins the panel's side of a command. A real key press reaching `commands.onCommand` is
    // pinned by `sidepanel/keyboard-command.test.ts` (DevTools keys with native key codes).
    await h().withApp(
      async (_app, arg) => {
        const chrome = (globalThis as unknown as { chrome: typeof import('wxt/browser').browser })
          .chrome;
        const [tab] = await chrome.tabs.query({ url: `${arg.site}/markets/*` });
        if (tab?.id === undefined) throw new Error('no market tab');
        await chrome.tabs.sendMessage(
          tab.id,
          { protocol: arg.protocol, name: 'panel.command', payload: { command: 'buy-yes' } },
          { frameId: 0 },
        );
      },
      { site: h().sandbox.siteUrl, protocol: PROTOCOL },
    );
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({ side: 'BUY', makerAmount: '5000000', marketSlug: BTC });
  });
});

/**
 * A hostile market page against the panel's presses and numbers, with real (trusted)
 * mouse input: it moves the panel under a pointer aimed at a decoy, it switches the
 * panel's market just before a press, and it probes the panel's numbers with
 * `window.find`. Each of these worked before the panel checked its aim and drew its text
 * from attributes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVE_SETTLE_MS } from '../../../components/panel/model/aim';
import { eventually, useHarness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel, ordersAfter, placeRestingOrder, waitForNewOrders } from './helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';
const BUY = '[data-key="BUY:YES:0"]';

let page: Page;
let panel: PanelDriver;

const centre = (r: { x: number; y: number; width: number; height: number }) => ({
  x: r.x + r.width / 2,
  y: r.y + r.height / 2,
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await h().onboard('alice');
  ({ page, panel } = await openPanel(h(), BTC));
});

afterAll(async () => {
  await panel?.detach();
});

describe('a press the user could not have aimed', () => {
  it('is refused when the page moves the panel under the pointer just before it', async () => {
    const buy = centre((await panel.waitFor(BUY, (b) => !b.disabled)).rect);
    // Not below the button: moved down, the panel would leave the viewport, and a panel
    // clipped by it is one the browser calls not visible (refused for that reason instead).
    const decoy = { x: 240, y: Math.min(320, Math.round(buy.y)) };
    const since = (await h().admin.orders()).length;
    // On the first mousemove over the decoy, the page translates the element that holds the
    // panel's host, which brings the buy button exactly under the pointer. (Moving the host
    // itself elsewhere in the page would reload the panel's frame, a blank panel under the
    // press.)
    await page.evaluate(
      ({ buy, decoy }) => {
        const button = document.createElement('button');
        button.id = 'decoy';
        button.textContent = 'Claim your prize';
        button.style.cssText = `position:fixed;left:${decoy.x - 80}px;top:${decoy.y - 20}px;width:160px;height:40px;z-index:10`;
        document.body.append(button);
        const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
        const holder = host.parentElement as HTMLElement;
        button.addEventListener('mousemove', () => {
          holder.style.transform = `translate(${decoy.x - buy.x}px,${decoy.y - buy.y}px)`;
        });
      },
      { buy, decoy },
    );
    await page.mouse.move(decoy.x - 60, decoy.y + 200);
    await page.mouse.move(decoy.x, decoy.y, { steps: 4 });
    await pause(40);
    await page.mouse.down();
    await page.mouse.up();
    await panel.waitForText('[data-notice="obscured"]', /just before this click.*nothing was sent/);
    await h().shot(page, 'moved-under-the-pointer-refused');
    await pause(1_000);
    expect(await ordersAfter(h(), since)).toEqual([]);

    // Put back where the user sees it, a press aimed like a person's goes through.
    await page.evaluate(() => {
      const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
      (host.parentElement as HTMLElement).style.transform = '';
      document.getElementById('decoy')?.remove();
    });
    await panel.click(BUY);
    const [order] = await waitForNewOrders(h(), since);
    expect(order?.marketSlug).toBe(BTC);
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
    await pause(Math.max(0, 400 - (Date.now() - switchedAt)));
    await page.mouse.down();
    await page.mouse.up();
    await panel.waitForText('[data-notice="obscured"]', /switched to another market/);
    await h().shot(page, 'market-switch-refused');
    await pause(1_000);
    expect(await ordersAfter(h(), since)).toEqual([]);
    // Once the new market has been on screen a moment, the same press is the user's.
    await panel.click(BUY);
    const [order] = await waitForNewOrders(h(), since);
    expect(order?.marketSlug).toBe(ETH);
    await page.goBack();
    await panel.waitFor('.mc-panel', (p) => p.attributes['data-slug'] === BTC);
  });
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

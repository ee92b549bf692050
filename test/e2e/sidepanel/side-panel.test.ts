/**
 * Chromium's side panel, the real one: opened by a trusted click in the popup, it follows
 * the active tab, trades by trusted clicks with no settle time, cancels an open order, and
 * a fill from it raises the desktop notification; the page panel's styles come with a market's
 * controls, not before. Screens in the README come from here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';
import { placeRestingOrderAtSandbox } from '../harness/resting-order';
import { SidePanel } from './driver';

const h = useHarness(import.meta.url);

const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';

let side: SidePanel;

/** Whether the page holds the page panel's rules (panel.css), which its market controls bring. */
const PANEL_RULES = `[...document.querySelectorAll('style')].some((s) => s.textContent.includes('.mc-panel *'))`;

const shownSlug = () =>
  side.evaluate<string | null>(
    `document.querySelector('.mc-panel.side')?.getAttribute('data-slug') ?? null`,
  );

describe.sequential('the side panel (Chromium)', () => {
  beforeAll(async () => {
    await h().onboard('alice');
    await h().openMarketPage(BTC);
    side = await SidePanel.openFromPopup(h());
  });
  afterAll(async () => {
    await side?.close();
  });

  it('opens from the popup and follows the active tab to its market', async () => {
    const market = h()
      .context.pages()
      .find((p) => p.url().includes(`/markets/${BTC}`));
    await market?.bringToFront();
    await eventually(async () => (await shownSlug()) === BTC, { what: 'the BTC market shown' });
    await side.waitFor(
      `document.querySelector('[data-key="BUY:YES:0"]:not([disabled])')`,
      'buttons',
    );
    // The market's controls brought the page panel's styles with them, and they apply.
    expect(await side.evaluate<boolean>(PANEL_RULES)).toBe(true);
    expect(
      await side.evaluate<string>(
        `getComputedStyle(document.querySelector('.mc-panel.side [data-key="BUY:YES:0"]')).boxSizing`,
      ),
    ).toBe('border-box');
    await side.shot(import.meta.url, 'side-panel-market');

    const eth = await h().openMarketPage(ETH);
    await eth.bringToFront();
    await eventually(async () => (await shownSlug()) === ETH, { what: 'the ETH market shown' });

    // A tab that is no market page: the side panel says so.
    const plain = await h().context.newPage();
    await plain.goto(`${h().sandbox.siteUrl}/`);
    await plain.bringToFront();
    await side.waitFor(`document.querySelector('[data-side-market="none"]')`, 'no market shown');
    await market?.bringToFront();
    await eventually(async () => (await shownSlug()) === BTC, { what: 'back to BTC' });
  });

  it('places an order by a trusted click, with no settle time, and notifies its fill', async () => {
    await h().watchNotifications();
    const before = (await h().admin.orders()).length;
    // Straight after the buttons are there: nothing in the side panel waits for a settle time.
    await side.click('[data-key="BUY:YES:0"]');
    const status = await side.waitFor<string>(
      `document.querySelector('[data-result="YES"]')?.getAttribute('data-status') === 'filled' && 'filled'`,
      'the order filled in the side panel',
    );
    expect(status).toBe('filled');
    const orders = await h().admin.orders();
    expect(orders.length).toBe(before + 1);
    const placed = orders.at(-1);
    const ids = await eventually(
      async () => {
        const list = await h().createdNotifications();
        return list.length > 0 ? list.map((n) => n.id) : null;
      },
      { what: 'a fill notification' },
    );
    expect(ids).toEqual([expect.stringContaining(placed?.clientOrderId ?? '?')]);
    await side.shot(import.meta.url, 'side-panel-filled');
  });

  it('cancels an open order in one click', async () => {
    const orderId = await placeRestingOrderAtSandbox(h().sandbox, h().admin, {
      label: 'alice',
      slug: BTC,
      price: '0.05',
      contracts: 5_000_000n,
    });
    const cancel = `.mc-panel.side [data-action="cancel-order"][data-order-id="${orderId}"]`;
    await side.waitFor(`document.querySelector('${cancel}')`, 'the open order listed');
    await side.click(cancel);
    const order = await eventually(
      async () => (await h().admin.orders()).find((o) => o.id === orderId && o.status !== 'OPEN'),
      { what: 'the order to leave the book' },
    );
    expect(order.status).toBe('CANCELED');
  });

  it("draws its positions without the page panel's styles where it shows no market", async () => {
    // Opened as a tab, it follows no market (the active tab is itself): the popup's screens
    // alone, and no rule of the page panel's to match against them.
    const page = await h().context.newPage();
    try {
      await page.goto(h().url('sidepanel.html'));
      await page.waitForSelector('[role="tab"][aria-selected="true"]');
      expect(await page.evaluate(PANEL_RULES)).toBe(false);
      expect(await page.$('.mc-panel')).toBeNull();
    } finally {
      await page.close();
    }
  });
});

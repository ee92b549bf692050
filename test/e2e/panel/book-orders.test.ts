import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, useHarness } from '../fixtures';
import type { PanelDriver } from './driver';
import { openPanel, ordersAfter, waitForNewOrders } from './helpers';

// ETH holds marketable orders for a taker delay: a post-only order must rest at once anyway.
const h = useHarness(import.meta.url, { sandbox: { takerDelayMs: 20_000 } });
const ETH = 'sandbox-eth-flip';
const YES_BIDS = '[data-ladder="YES"] [data-level^="YES:BUY:"]';

let panel: PanelDriver;
let page: Awaited<ReturnType<typeof openPanel>>['page'];

beforeAll(async () => {
  await h().onboard('alice');
  ({ page, panel } = await openPanel(h(), ETH, YES_BIDS));
});

afterAll(async () => {
  await panel?.detach();
});

it('a click on a bid level rests a post-only order, listed at once, and one click cancels it', async () => {
  const bids = await panel.all(YES_BIDS);
  expect(bids.length).toBeGreaterThan(0);
  expect(bids.length).toBeLessThanOrEqual(5);
  const key = bids.at(-1)?.attributes['data-level'] ?? '';
  const priceMillis = Number(key.split(':')[2]);
  await h().shot(page, 'book-ladder');

  const since = (await h().admin.orders()).length;
  await panel.click(`[data-level="${key}"]`);
  const [order] = await waitForNewOrders(h(), since);
  expect(order).toMatchObject({
    marketSlug: ETH,
    orderType: 'GTC',
    side: 'BUY',
    postOnly: true,
    price: priceMillis / 1000,
    // Not held for the taker delay: resting on the book.
    status: 'OPEN',
    signatureValid: true,
  });
  await panel.waitFor('[data-result="book"]', (r) => r.attributes['data-status'] === 'resting');

  const cancel = `button[data-action="cancel-order"][data-order-id="${order?.id}"]`;
  await panel.waitFor(cancel, (b) => !b.disabled);
  await h().shot(page, 'book-order-resting');
  await panel.click(cancel);
  await eventually(async () => (await panel.one(cancel)) === null, {
    what: 'the cancelled order to leave the open orders',
  });
  const after = (await h().admin.orders()).find((o) => o.id === order?.id);
  expect(after?.status).toBe('CANCELED');
});

it('a level that would cross the book by the time of the click is refused in one sentence', async () => {
  // What the user saw is a moment old: the background's book still shows a YES bid at the
  // price that is the best ask at the exchange now. (No bots run: nothing refreshes it.)
  // withApp: a fault: the background's book made stale behind the exchange's back.
  const crossing = await h().withApp(async (app, slug) => {
    const market = await app.market(slug);
    const depth = app.books.depth(slug);
    const ask = depth?.asks[0];
    if (!market?.tokens || !depth || !ask) return null;
    const level = (l: { priceMillis: bigint; sizeRaw: bigint }) => ({
      price: Number(l.priceMillis) / 1000,
      size: l.sizeRaw.toString(),
    });
    // As the live connection would send it: only a live book replaces a live one.
    app.books.applyLive(
      slug,
      {
        tokenId: market.tokens.yes,
        bids: [ask, ...depth.bids].map(level),
        asks: depth.asks.slice(1).map(level),
        adjustedMidpoint: null,
        minSize: '100',
      },
      Date.now(),
    );
    // Any push of the panel state carries the book as the background now holds it.
    await app.refreshOrders(slug);
    return Number(ask.priceMillis);
  }, ETH);
  if (crossing === null) throw new Error('no book with an ask on ETH');
  const key = `YES:BUY:${crossing}`;
  await panel.waitFor(`[data-level="${key}"]`);

  const since = (await h().admin.orders()).length;
  await panel.click(`[data-level="${key}"]`);
  const line = await panel.waitFor(
    '[data-result="book"]',
    (r) => r.attributes['data-status'] === 'rejected',
  );
  const cents = `${crossing / 10}¢`;
  expect(line.text).toMatch(
    new RegExp(
      `^Buy YES \\$5 @ ${cents}: Not placed: a post-only buy of YES at ${cents} would cross the book \\(best ask [\\d.]+¢\\)\\. Pick a lower bid\\.$`,
    ),
  );
  await h().shot(page, 'book-order-crossing');
  // The exchange refused it: nothing rests.
  const sent = await ordersAfter(h(), since);
  expect(sent.map((o) => [o.postOnly, o.status])).toEqual([[true, 'REJECTED']]);
});

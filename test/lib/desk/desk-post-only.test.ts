import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlaceOrderBody } from '../../../lib/core/api/orders';
import type { ClientErrorInfo } from '../../../lib/core/client/errors';
import { ERRORS, SLUG } from './fake-exchange';
import { C, gtc, rig, spec } from './setup';

const parse = (json: string) => PlaceOrderBody.parse(JSON.parse(json));

/** The sandbox's words for a post-only order that would match (engine/book.ts). */
const CROSSING: ClientErrorInfo = {
  kind: 'rejected',
  status: 400,
  message: 'Post-only order would match immediately; it was not placed',
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe('OrderDesk: post-only orders from the book', () => {
  it('sends a GTC post-only order at the given price and rests it, with no delay', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    const view = await desk.place(spec(gtc('BUY', '0.41', 10n * C), { postOnly: true }));
    const body = parse(exchange.received[0] ?? '');
    expect(body.orderType).toBe('GTC');
    expect(body.postOnly).toBe(true);
    expect(body.order.price).toBe(0.41);
    expect(body.order.makerAmount).toBe(4_100_000n);
    expect(body.order.takerAmount).toBe(10n * C);
    expect(view.state).toBe('resting');
    expect(view.eligibleAt).toBeNull();
  });

  it('a crossing refusal reads as one sentence with the best opposite price', async () => {
    const { desk, exchange } = rig(undefined, {
      quote: (slug, outcome) =>
        slug === SLUG && outcome === 'YES' ? { bidMillis: 390n, askMillis: 410n } : null,
    });
    exchange.script.push({ kind: 'fail-before', error: CROSSING });
    const view = await desk.place(spec(gtc('BUY', '0.41', 10n * C), { postOnly: true }));
    expect(view.state).toBe('rejected');
    expect(view.error).toEqual({
      kind: 'unavailable',
      message:
        'Not placed: a post-only buy of YES at 41¢ would cross the book (best ask 41¢). Pick a lower bid.',
    });
    // Refused, not lost: it is not sent again nor looked up.
    expect(exchange.received).toHaveLength(1);
    expect(exchange.statusCalls).toHaveLength(0);
  });

  it('a crossing sell says which way to move, without a best price when the book has none', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: CROSSING });
    const view = await desk.place(
      spec(gtc('SELL', '0.6', 10n * C), { postOnly: true, outcome: 'NO' }),
    );
    expect(view.error).toEqual({
      kind: 'unavailable',
      message: 'Not placed: a post-only sell of NO at 60¢ would cross the book. Pick a higher ask.',
    });
  });

  it('another refusal of a post-only order keeps the exchange’s words', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.rejected });
    const view = await desk.place(spec(gtc('BUY', '0.41', 10n * C), { postOnly: true }));
    expect(view.error).toEqual(ERRORS.rejected);
  });

  it('the same words on an order that was not post-only are not rewritten', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: CROSSING });
    const view = await desk.place(spec(gtc('BUY', '0.41', 10n * C)));
    expect(view.error).toEqual(CROSSING);
  });

  it('a retry of the same press is the same intent: one order, one clientOrderId', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    const first = await desk.place(
      spec(gtc('BUY', '0.41', 10n * C), { postOnly: true, pressId: 'press-ladder-1' }),
    );
    const again = await desk.place(
      spec(gtc('BUY', '0.41', 10n * C), { postOnly: true, pressId: 'press-ladder-1' }),
    );
    expect(again.clientOrderId).toBe(first.clientOrderId);
    expect(exchange.placed).toHaveLength(1);
  });

  it('an unanswered send is resent as the same signed bytes, never a second order', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(gtc('BUY', '0.41', 10n * C), { postOnly: true }));
    expect(view.state).toBe('resting');
    expect(exchange.placed).toHaveLength(1);
    const ids = exchange.received.map((json) => parse(json).clientOrderId);
    expect(new Set(ids)).toEqual(new Set([view.clientOrderId]));
  });

  it('the caps apply: above the per-order cap nothing is sent', async () => {
    const { desk, exchange, state } = rig();
    state.limits = { ...state.limits, maxOrderNotionalRaw: 2n * C };
    await expect(
      desk.place(spec(gtc('BUY', '0.41', 10n * C), { postOnly: true, confirmed: true })),
    ).rejects.toThrow(/cap|limit/i);
    expect(exchange.received).toHaveLength(0);
  });

  it('in post-only trading mode the order is accepted', async () => {
    const { desk, exchange, state } = rig();
    state.mode = 'post_only';
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    const view = await desk.place(spec(gtc('BUY', '0.41', 10n * C), { postOnly: true }));
    expect(view.state).toBe('resting');
  });
});

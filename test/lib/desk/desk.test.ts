import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlaceOrderBody } from '../../../lib/core/api/orders';
import { ExchangeError } from '../../../lib/core/client/errors';
import { aboveCapReason } from '../../../lib/core/orders/cap';
import { INTENT_DEADLINE_MS, NOT_SENT_UNREACHABLE } from '../../../lib/desk/intent-deadline';
import { type IntentRecord, SessionJournal } from '../../../lib/desk/journal';
import { browserArea } from '../../../lib/storage/area';
import { waitFor } from '../../wait';
import { ERRORS, FakeExchange, SLUG } from './fake-exchange';
import { C, droppingArea, fak, fokBuy, fokSell, gtc, rig, settle, spec } from './setup';

const parse = (json: string) => PlaceOrderBody.parse(JSON.parse(json));

async function refusalOf(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('OrderDesk: answers of the exchange', () => {
  it('FOK BUY matched in full: filled, with the amounts and the order id of the answer', async () => {
    const { desk, exchange } = rig();
    const view = await desk.place(spec(fokBuy(5n * C)));
    expect(view.state).toBe('filled');
    expect(view.filledContractsRaw).toBe('10000000');
    expect(view.filledCollateralRaw).toBe('5000000');
    expect(view.orderId).toBe(exchange.placed[0]?.id);
    expect(view.summary).toBe('filled 10 YES at 50¢ for $5.00');
    expect(exchange.received).toHaveLength(1);
    expect(parse(exchange.received[0] ?? '').clientOrderId).toBe(view.clientOrderId);
  });

  it('FAK BUY matched in part: partially filled', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'MATCHED', contracts: 4n * C, collateral: 2n * C });
    const view = await desk.place(spec(fak('BUY', '0.5', 10n * C)));
    expect(view.state).toBe('partially-filled');
    expect(view.filledContractsRaw).toBe('4000000');
    expect(view.summary).toBe('partially filled 4 YES at 50¢ for $2.00');
  });

  it('FAK that matched nothing (UNMATCHED): killed', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED' });
    const view = await desk.place(spec(fak('BUY', '0.5', 10n * C)));
    expect(view.state).toBe('killed');
    expect(view.summary).toBe('not filled (no liquidity within the limit)');
  });

  it('GTC UNMATCHED: resting on the book', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    const view = await desk.place(spec(gtc('BUY', '0.4', 10n * C), { postOnly: true }));
    expect(view.state).toBe('resting');
    expect(parse(exchange.received[0] ?? '').postOnly).toBe(true);
  });

  it('DELAYED: waits with the eligibleAt of the answer', async () => {
    const { desk, exchange } = rig();
    const eligibleAt = '2026-11-22T08:00:03.000Z';
    exchange.fill = () => ({ settlementStatus: 'DELAYED', eligibleAt });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('delayed');
    expect(view.eligibleAt).toBe(eligibleAt);
    expect(view.summary).toMatch(/^delayed until /);
  });

  it('CANCELED with STP_TAKER_REJECTED: cancelled by self-trade prevention', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'CANCELED', reason: 'STP_TAKER_REJECTED' });
    const view = await desk.place(spec(fak('BUY', '0.5', 10n * C)));
    expect(view.state).toBe('stp-cancelled');
    expect(view.summary).toBe('cancelled by self-trade prevention');
  });

  it('FAILED: failed, with the reason of the answer', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'FAILED', reason: 'settlement reverted' });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('failed');
    expect(view.error).toEqual({ kind: 'rejected', status: 200, message: 'settlement reverted' });
    expect(view.summary).toBe('failed: Refused by the exchange: settlement reverted.');
  });

  it('a settlementStatus new to this version: asks the exchange, adopts what it says, never sends twice', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({
      settlementStatus: 'SETTLING',
      contracts: 10n * C,
      collateral: 5n * C,
      status: 'FILLED',
    });
    const view = await desk.place(spec(fak('BUY', '0.5', 10n * C)));
    expect(view.state).toBe('filled');
    expect(view.filledContractsRaw).toBe('10000000');
    expect(exchange.statusCalls).toEqual([{ clientOrderIds: [view.clientOrderId] }]);
    expect(exchange.received).toHaveLength(1);
  });

  it('an order status new to this version keeps the intent reconciling, asked about later, not final', async () => {
    const { desk, exchange, sleeps } = rig();
    exchange.fill = () => ({ settlementStatus: 'SETTLING', status: 'EXPIRING' });
    const view = await desk.place(spec(gtc('BUY', '0.4', 10n * C)), 50);
    await waitFor(() => expect(exchange.statusCalls.length).toBeGreaterThanOrEqual(6));
    await settle();
    expect(desk.view(view.clientOrderId)?.state).toBe('reconciling');
    // Paced, not a burst of status checks.
    expect(sleeps.length).toBeGreaterThanOrEqual(5);
    expect(exchange.received).toHaveLength(1);

    const placed = exchange.placed[0];
    if (placed) placed.fill = { settlementStatus: 'UNMATCHED', status: 'OPEN' };
    expect(desk.resumeStalled()).toBe(1);
    await waitFor(() => expect(desk.view(view.clientOrderId)?.state).toBe('resting'));
    expect(exchange.received).toHaveLength(1);
  });

  it('FOK SELL of the NO outcome signs the NO token', async () => {
    const { desk, exchange } = rig();
    const view = await desk.place(spec(fokSell(10n * C), { outcome: 'NO' }));
    expect(view.state).toBe('filled');
    expect(parse(exchange.received[0] ?? '').order.tokenId).toBe(
      '45612939483001873920947238472364736473628474638201928374655647382910293847561',
    );
  });
});

describe('OrderDesk: exactly once under failures', () => {
  it('resends the identical bytes after a 5xx the exchange did not handle', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.server });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('filled');
    expect(exchange.received).toHaveLength(2);
    expect(exchange.received[1]).toBe(exchange.received[0]);
    expect(exchange.placed).toHaveLength(1);
    expect(exchange.statusCalls).toEqual([{ clientOrderIds: [view.clientOrderId] }]);
  });

  it('adopts an order whose answer was lost (network) when the status says FILLED: no second send', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('filled');
    expect(view.orderId).toBe(exchange.placed[0]?.id);
    expect(exchange.received).toHaveLength(1);
    expect(exchange.placed).toHaveLength(1);
  });

  it('adopts a FOK BUY whose answer was lost: its filled size is the money it spent', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(fokBuy(5n * C)));
    expect(view.state).toBe('filled');
    // The status reports a FOK BUY's size in collateral: 5 spent, not 5 contracts bought.
    expect(view.filledCollateralRaw).toBe('5000000');
    expect(view.filledContractsRaw).not.toBe('5000000');
    expect(view.summary).not.toMatch(/ at 0$/);
  });

  it('adopts a FOK SELL whose answer was lost without inventing a price', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(fokSell(10n * C)));
    expect(view.state).toBe('filled');
    expect(view.filledContractsRaw).toBe('10000000');
    expect(view.summary).toBe('filled 10 YES');
  });

  it('adopts a GTC whose answer was lost when the status says OPEN: resting', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    exchange.script.push({ kind: 'fail-after', error: ERRORS.timeout });
    const view = await desk.place(spec(gtc('BUY', '0.4', 10n * C)));
    expect(view.state).toBe('resting');
    expect(exchange.received).toHaveLength(1);
  });

  it('adopts an order answered with a 5xx after it was handled', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-after', error: ERRORS.server });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('filled');
    expect(exchange.received).toHaveLength(1);
    expect(exchange.placed).toHaveLength(1);
  });

  it('resends the identical bytes when the status says UNKNOWN after a network error', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.network });
    const view = await desk.place(spec(fak('BUY', '0.5', 10n * C)));
    expect(view.state).toBe('filled');
    expect(exchange.received).toHaveLength(2);
    expect(exchange.received[1]).toBe(exchange.received[0]);
  });

  it('treats a 429 that outlasted the retries like a lost answer: ask, then resend the same bytes', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.rateLimited });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('filled');
    expect(exchange.received).toEqual([exchange.received[0], exchange.received[0]]);
  });

  it('asks again when the status check itself fails, and never sends twice', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    exchange.statusScript.push({ kind: 'fail', error: ERRORS.server });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('filled');
    expect(exchange.statusCalls).toHaveLength(2);
    expect(exchange.received).toHaveLength(1);
  });

  it('on a 409 reconciles and never signs again, even while the exchange still says UNKNOWN', async () => {
    const { desk, exchange } = rig();
    // The first copy landed but is "being processed": invisible to two status checks.
    exchange.hideNextFor = 2;
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('filled');
    expect(exchange.received).toHaveLength(2);
    expect(exchange.received[1]).toBe(exchange.received[0]);
    expect(exchange.placed).toHaveLength(1);
  });

  it('after a 409 keeps asking rather than sending, and leaves the intent to the next resume', async () => {
    const { desk, exchange } = rig();
    exchange.hideNextFor = 100;
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(fokBuy()), 50);
    await waitFor(() => expect(exchange.statusCalls.length).toBeGreaterThanOrEqual(6));
    await settle();
    expect(desk.view(view.clientOrderId)?.state).toBe('reconciling');
    expect(exchange.received).toHaveLength(2);

    const landed = exchange.placed[0];
    if (landed) landed.hiddenFor = 0;
    desk.resumePending();
    await waitFor(() => expect(desk.view(view.clientOrderId)?.state).toBe('filled'));
    expect(exchange.received).toHaveLength(2);
  });

  it('resumeStalled picks up an intent left reconciling, and only those not already running', async () => {
    const { desk, exchange } = rig();
    exchange.hideNextFor = 100;
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(fokBuy()), 50);
    await waitFor(() => expect(exchange.statusCalls.length).toBeGreaterThanOrEqual(6));
    await settle();
    expect(desk.view(view.clientOrderId)?.state).toBe('reconciling');

    const landed = exchange.placed[0];
    if (landed) landed.hiddenFor = 0;
    expect(desk.resumeStalled()).toBe(1);
    expect(desk.resumeStalled()).toBe(0);
    await waitFor(() => expect(desk.view(view.clientOrderId)?.state).toBe('filled'));
    expect(exchange.received).toHaveLength(2);
    expect(desk.resumeStalled()).toBe(0);
  });

  it('gives up with a clear failure after three unanswered sends, and nothing was placed', async () => {
    const { desk, exchange } = rig();
    for (let i = 0; i < 3; i++) exchange.script.push({ kind: 'fail-before', error: ERRORS.server });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('failed');
    expect(view.summary).toBe(
      'failed: The exchange never confirmed this order after 3 attempts; it was not placed.',
    );
    expect(new Set(exchange.received).size).toBe(1);
    expect(exchange.received).toHaveLength(3);
    expect(exchange.placed).toHaveLength(0);
  });

  it('signs every order with a receive window that closes at its deadline, timestamped in the exchange’s time', async () => {
    const { desk, exchange, clock } = rig(undefined, { receiveWindowMs: 10_000 });
    await desk.place(spec(fokBuy()));
    expect(parse(exchange.received[0] ?? '')).toMatchObject({
      recvWindow: INTENT_DEADLINE_MS,
      timestamp: clock.now,
    });
  });

  it('after unanswered sends, waits out the receive window, then adopts a copy that landed late', async () => {
    const r = rig(undefined, { receiveWindowMs: 10_000 });
    for (let i = 0; i < 3; i++) r.exchange.script.push({ kind: 'late', error: ERRORS.timeout });
    const signedAt = r.clock.now;
    r.onSleep = () => {
      // The copies reach the exchange while the desk waits out the window (the three sends
      // are over 1.2 s after the first).
      if (r.clock.now > signedAt + 2_000) r.exchange.deliverLate();
    };
    const view = await r.desk.place(spec(fokBuy()));
    expect(view.state).toBe('filled');
    expect(view.orderId).toBe(r.exchange.placed[0]?.id);
    expect(r.exchange.placed).toHaveLength(1);
    expect(r.clock.now).toBeGreaterThan(signedAt + INTENT_DEADLINE_MS);
  });

  it('after unanswered sends, calls the order "not placed" only once its window has closed', async () => {
    const r = rig(undefined, { receiveWindowMs: 10_000 });
    for (let i = 0; i < 3; i++)
      r.exchange.script.push({ kind: 'fail-before', error: ERRORS.timeout });
    const signedAt = r.clock.now;
    const view = await r.desk.place(spec(fokBuy()));
    expect(view.state).toBe('failed');
    expect(view.error).toEqual(NOT_SENT_UNREACHABLE);
    // The window the bytes were signed with closes at the deadline.
    expect(r.clock.now).toBeGreaterThan(signedAt + INTENT_DEADLINE_MS);
    expect(r.exchange.statusCalls.length).toBe(4);
  });

  it('without a receive window, gives up after the unanswered sends (and a late copy could still land)', async () => {
    const r = rig();
    for (let i = 0; i < 3; i++) r.exchange.script.push({ kind: 'late', error: ERRORS.timeout });
    const view = await r.desk.place(spec(fokBuy()));
    expect(view.state).toBe('failed');
    r.exchange.deliverLate();
    // The hazard the receive window closes: the desk said "not placed", the exchange has one.
    expect(r.exchange.placed).toHaveLength(1);
  });

  it('signs afresh after a receive-window 425: new salt and signature, same clientOrderId', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.receiveWindow });
    const view = await desk.place(spec(fak('BUY', '0.5', 10n * C)));
    expect(view.state).toBe('filled');
    expect(exchange.received).toHaveLength(2);
    const [first, second] = exchange.received.map(parse);
    expect(second?.clientOrderId).toBe(first?.clientOrderId);
    expect(second?.order.salt).not.toBe(first?.order.salt);
    expect(second?.order.signature).not.toBe(first?.order.signature);
    expect(second?.order.makerAmount).toBe(first?.order.makerAmount);
    expect(exchange.statusCalls).toHaveLength(0);
  });

  it('stops after three signatures refused for their age: rejected, nothing placed', async () => {
    const { desk, exchange } = rig();
    for (let i = 0; i < 5; i++)
      exchange.script.push({ kind: 'fail-before', error: ERRORS.receiveWindow });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('rejected');
    expect(view.error?.kind).toBe('receive-window');
    expect(exchange.received).toHaveLength(3);
    expect(new Set(exchange.received.map((j) => parse(j).order.signature)).size).toBe(3);
    expect(exchange.placed).toHaveLength(0);
  });

  it('a trading-mode 425 asks for a maintenance refresh and ends rejected with resumeAt', async () => {
    const { desk, exchange, refusals } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.tradingMode });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('rejected');
    expect(view.error).toEqual(ERRORS.tradingMode);
    expect(refusals).toEqual([ERRORS.tradingMode]);
    expect(exchange.received).toHaveLength(1);
    expect(view.summary).toMatch(
      /^rejected: Not accepted now: trading is disabled\. Trading resumes at/,
    );
  });

  it('a validation 400 ends rejected with the issues, and is not sent again', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.validation });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('rejected');
    expect(view.error).toEqual(ERRORS.validation);
    expect(view.summary).toBe(
      'rejected: The exchange refused the request: makerAmount must be at least 100.',
    );
    expect(exchange.received).toHaveLength(1);
    expect(exchange.statusCalls).toHaveLength(0);
  });

  it('a business 400 ends rejected with its message', async () => {
    const { desk, exchange } = rig();
    exchange.script.push({ kind: 'fail-before', error: ERRORS.rejected });
    const view = await desk.place(spec(fokBuy()));
    expect(view.state).toBe('rejected');
    expect(view.summary).toBe(
      'rejected: Refused by the exchange: Insufficient collateral balance.',
    );
  });

  it('refuses an order its own rules reject before anything is sent', async () => {
    const { desk, exchange } = rig();
    // 0.555 × 3 contracts + 1 raw is not a whole raw amount.
    const view = await desk.place(spec(fak('BUY', '0.555', 3n * C + 1n)));
    expect(view.state).toBe('rejected');
    expect(view.error?.kind).toBe('validation');
    expect(exchange.received).toHaveLength(0);
  });
});

describe('OrderDesk: guards', () => {
  it('refuses an order above the per-order cap, journals nothing and sends nothing', async () => {
    const { desk, exchange, area } = rig();
    const error = await refusalOf(desk.place(spec(fokBuy(1_001n * C), { confirmed: true })));
    // The same words as the panel's disabled button, with the order's own amount.
    expect(error.message).toBe(aboveCapReason(1_000n * C, 1_001n * C));
    expect(error.message).toMatch(
      /^This order \(\$1,001\.00\) is above your \$1,000 cap per order/,
    );
    expect(desk.views()).toEqual([]);
    expect(await new SessionJournal(area).loadAll()).toEqual([]);
    expect(exchange.received).toHaveLength(0);
  });

  it('asks for a confirmation above the threshold, and places it once confirmed', async () => {
    const { desk, exchange } = rig();
    const error = await refusalOf(desk.place(spec(fokBuy(150n * C))));
    expect(error.message).toBe('Orders above $100.00 need a second click within 3 seconds.');
    expect(exchange.received).toHaveLength(0);
    const view = await desk.place(spec(fokBuy(150n * C), { confirmed: true }));
    expect(view.state).toBe('filled');
  });

  it('caps the orders per minute, and lets more through once the minute has passed', async () => {
    const { desk, state, clock } = rig();
    state.limits = { ...state.limits, maxOrdersPerMinute: 2 };
    await desk.place(spec(fokBuy()));
    clock.now += 30_000;
    await desk.place(spec(fokBuy()));
    const error = await refusalOf(desk.place(spec(fokBuy())));
    expect(error.message).toMatch(/placed 2 orders in the last minute/);
    clock.now += 30_001;
    expect((await desk.place(spec(fokBuy()))).state).toBe('filled');
  });

  it('keeps counting the orders of the last minute across a worker restart', async () => {
    const r = rig();
    r.state.limits = { ...r.state.limits, maxOrdersPerMinute: 2 };
    await r.desk.place(spec(fokBuy()));
    r.clock.now += 10_000;
    await r.desk.place(spec(fokBuy()));
    const restarted = await r.restart();
    const error = await refusalOf(restarted.place(spec(fokBuy())));
    expect(error.message).toMatch(/placed 2 orders in the last minute/);
    r.clock.now += 50_001;
    expect((await restarted.place(spec(fokBuy()))).state).toBe('filled');
  });

  it('refuses while locked, before journaling anything', async () => {
    const { desk, state, exchange } = rig();
    state.locked = true;
    const error = await refusalOf(desk.place(spec(fokBuy())));
    expect(error.message).toBe('Unlock the extension first.');
    expect(desk.views()).toEqual([]);
    expect(exchange.received).toHaveLength(0);
  });

  it.each([
    ['cancel_only', false, 'Trading is limited to cancellations right now.'],
    ['disabled', false, 'Trading is disabled right now.'],
    ['post_only', false, 'The exchange accepts post-only orders only right now.'],
  ] as const)('refuses in %s mode', async (mode, postOnly, message) => {
    const { desk, state, exchange } = rig();
    state.mode = mode;
    const error = await refusalOf(desk.place(spec(gtc('BUY', '0.4', 10n * C), { postOnly })));
    expect(error.message).toBe(message);
    expect(exchange.received).toHaveLength(0);
  });

  it('accepts a post-only order in post_only mode, and any order when the mode is unknown', async () => {
    const { desk, state, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    state.mode = 'post_only';
    expect((await desk.place(spec(gtc('BUY', '0.4', 10n * C), { postOnly: true }))).state).toBe(
      'resting',
    );
    state.mode = null;
    expect((await desk.place(spec(gtc('BUY', '0.4', 10n * C)))).state).toBe('resting');
    // A mode this version cannot read is not refused here: the exchange's 425 would say.
    state.mode = 'UNRECOGNIZED';
    expect((await desk.place(spec(gtc('BUY', '0.4', 10n * C)))).state).toBe('resting');
  });

  it('a double click (same pressId) is one intent and one order', async () => {
    const { desk, exchange } = rig();
    const [a, b] = await Promise.all([
      desk.place(spec(fokBuy(), { pressId: 'press-1' })),
      desk.place(spec(fokBuy(), { pressId: 'press-1' })),
    ]);
    const c = await desk.place(spec(fokBuy(), { pressId: 'press-1' }));
    expect(b.clientOrderId).toBe(a.clientOrderId);
    expect(c.clientOrderId).toBe(a.clientOrderId);
    expect(desk.views()).toHaveLength(1);
    expect(exchange.received).toHaveLength(1);
    const d = await desk.place(spec(fokBuy(), { pressId: 'press-2' }));
    expect(d.clientOrderId).not.toBe(a.clientOrderId);
  });
});

describe('OrderDesk: the journal and restarts', () => {
  it('journals the intent with its signed bytes before the first send', async () => {
    const { desk, exchange, area } = rig();
    const seen: IntentRecord[] = [];
    exchange.onPlace = async (json) => {
      const records = await new SessionJournal(area).loadAll();
      const record = records.find((r) => r.body === json);
      if (record) seen.push(record);
    };
    await desk.place(spec(fokBuy()));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.view.state).toBe('sending');
    expect(seen[0]?.sends).toBe(1);
  });

  it('on restart, an intent cut off while preparing is a clear failure and is never sent', async () => {
    const r = rig();
    r.state.stallSigning = true;
    const first = await r.desk.place(spec(fokBuy()), 20);
    expect(first.state).toBe('preparing');
    const [record] = await new SessionJournal(r.area).loadAll();
    expect(record?.view.state).toBe('preparing');

    r.state.stallSigning = false;
    const restarted = await r.restart();
    const view = restarted.view(first.clientOrderId);
    expect(view?.state).toBe('failed');
    expect(view?.summary).toBe(
      'failed: Not sent: the extension restarted before the order left. Nothing was placed.',
    );
    restarted.resumePending();
    await settle();
    expect(r.exchange.received).toHaveLength(0);
    const [stored] = await new SessionJournal(r.area).loadAll();
    expect(stored?.view.state).toBe('failed');
  });

  it('on restart, an intent whose send never arrived is sent again with the same bytes, once', async () => {
    const { desk, exchange, restart } = rig();
    exchange.script.push({ kind: 'hang-before' });
    const first = await desk.place(spec(fokBuy()), 20);
    expect(first.state).toBe('sending');

    const restarted = await restart();
    restarted.resumePending();
    await waitFor(() => expect(restarted.view(first.clientOrderId)?.state).toBe('filled'));
    expect(exchange.received).toHaveLength(2);
    expect(exchange.received[1]).toBe(exchange.received[0]);
    expect(exchange.placed).toHaveLength(1);
  });

  it('on restart, an intent whose send landed unanswered is reconciled, not placed twice', async () => {
    const { desk, exchange, restart } = rig();
    exchange.script.push({ kind: 'hang-after' });
    const first = await desk.place(spec(fokBuy()), 20);
    expect(first.state).toBe('sending');

    const restarted = await restart();
    restarted.resumePending();
    await waitFor(() => expect(restarted.view(first.clientOrderId)?.state).toBe('filled'));
    expect(restarted.view(first.clientOrderId)?.orderId).toBe(exchange.placed[0]?.id);
    expect(exchange.placed).toHaveLength(1);
  });

  it('on restart, an intent left reconciling asks the exchange and finishes', async () => {
    const { desk, exchange, restart } = rig();
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    exchange.statusScript.push({ kind: 'hang' });
    const first = await desk.place(spec(fokBuy()), 20);
    expect(first.state).toBe('reconciling');

    const restarted = await restart();
    restarted.resumePending();
    await waitFor(() => expect(restarted.view(first.clientOrderId)?.state).toBe('filled'));
    expect(exchange.received).toHaveLength(1);
    expect(exchange.placed).toHaveLength(1);
  });

  it('keeps the intents and their states across a restart', async () => {
    const { desk, restart } = rig();
    const a = await desk.place(spec(fokBuy()));
    const restarted = await restart();
    expect(restarted.view(a.clientOrderId)).toEqual(desk.view(a.clientOrderId));
    expect(restarted.pending()).toEqual([]);
  });
});

describe('OrderDesk: cancel', () => {
  it('cancels a delayed order by its id', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'DELAYED', eligibleAt: '2026-11-22T08:00:03.000Z' });
    const view = await desk.place(spec(fokBuy()));
    const after = await desk.cancel(view.clientOrderId);
    expect(exchange.cancels).toEqual([{ orderId: view.orderId }]);
    expect(after.state).toBe('cancelled');
    expect(after.summary).toBe('cancelled');
  });

  it('does not call the exchange for an intent that is already final', async () => {
    const { desk, exchange } = rig();
    const view = await desk.place(spec(fokBuy()));
    expect((await desk.cancel(view.clientOrderId)).state).toBe('filled');
    expect(exchange.cancels).toEqual([]);
  });

  it('refuses to cancel an intent it does not know', async () => {
    const { desk } = rig();
    expect((await refusalOf(desk.cancel('someone-else'))).message).toBe(
      'That order is not one this extension placed.',
    );
  });

  it('keeps the intent as it was when the exchange refuses the cancel', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'DELAYED', eligibleAt: '2026-11-22T08:00:03.000Z' });
    const view = await desk.place(spec(fokBuy()));
    const placed = exchange.placed[0];
    if (placed) placed.canceled = true;
    await refusalOf(desk.cancel(view.clientOrderId));
    expect(desk.view(view.clientOrderId)?.state).toBe('delayed');
  });
});

describe('OrderDesk: resume', () => {
  it('asks about resting and overdue delayed intents on resume', async () => {
    const { desk, exchange, clock } = rig();
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    const resting = await desk.place(spec(gtc('BUY', '0.4', 10n * C)));
    exchange.fill = () => ({ settlementStatus: 'DELAYED', eligibleAt: '2026-11-22T08:00:03.000Z' });
    const delayed = await desk.place(spec(fokBuy()));
    const [p1, p2] = exchange.placed;
    if (!p1 || !p2) throw new Error('two orders expected');
    p1.fill = {
      settlementStatus: 'MATCHED',
      contracts: 10n * C,
      collateral: 4n * C,
      status: 'FILLED',
    };
    p2.fill = {
      settlementStatus: 'MATCHED',
      contracts: 10n * C,
      collateral: 5n * C,
      status: 'FILLED',
    };

    desk.resumePending();
    await waitFor(() => expect(desk.view(resting.clientOrderId)?.state).toBe('filled'));
    // Not yet overdue: left to its events.
    expect(desk.view(delayed.clientOrderId)?.state).toBe('delayed');

    clock.now = Date.parse('2026-11-22T08:00:06.000Z');
    desk.resumePending();
    await waitFor(() => expect(desk.view(delayed.clientOrderId)?.state).toBe('filled'));
  });

  it('asks on resume about a delayed intent adopted from a status check (its eligibleAt unknown)', async () => {
    const { desk, exchange } = rig();
    exchange.fill = () => ({ settlementStatus: 'DELAYED', eligibleAt: '2026-11-22T08:00:03.000Z' });
    exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    const view = await desk.place(spec(fokBuy()));
    expect(view).toMatchObject({ state: 'delayed', eligibleAt: null });
    const placed = exchange.placed[0];
    if (placed)
      placed.fill = {
        settlementStatus: 'MATCHED',
        contracts: 10n * C,
        collateral: 5n * C,
        status: 'FILLED',
      };
    desk.resumePending();
    await waitFor(() => expect(desk.view(view.clientOrderId)?.state).toBe('filled'));
  });

  it('lists only unfinished intents as pending', async () => {
    const { desk, exchange } = rig();
    await desk.place(spec(fokBuy()));
    exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
    const resting = await desk.place(spec(gtc('SELL', '0.6', 10n * C)));
    expect(desk.pending().map((v) => v.clientOrderId)).toEqual([resting.clientOrderId]);
    expect(desk.views().map((v) => v.marketSlug)).toEqual([SLUG, SLUG]);
  });
});

describe('OrderDesk: the journal comes before the wire', () => {
  /** `storage.session` whose writes fail while `failing` is set (full, or gone). */
  function switchableArea() {
    const inner = browserArea(fakeBrowser.storage.session);
    const control = { failing: false };
    const area = {
      ...inner,
      set: async (key: string, value: unknown) => {
        if (control.failing) throw new Error('QUOTA_BYTES quota exceeded');
        await inner.set(key, value);
      },
    };
    return { area, control };
  }

  it('an intent that cannot be journaled is not sent, and says nothing was placed', async () => {
    const { area, control } = switchableArea();
    control.failing = true;
    const { desk, exchange } = rig(new FakeExchange(), { area });
    const view = await desk.place(spec(fokBuy(5n * C)));
    expect(view.state).toBe('failed');
    expect(view.error?.kind === 'unavailable' && view.error.message).toMatch(/Nothing was placed/);
    expect(exchange.received).toEqual([]);
  });

  it('writes that fail after working keep those bytes home too, and orders go again once writes work', async () => {
    const { area, control } = switchableArea();
    const { desk, exchange } = rig(new FakeExchange(), { area });
    expect((await desk.place(spec(fokBuy(5n * C)))).state).toBe('filled');

    control.failing = true;
    const refused = await desk.place(spec(fokBuy(5n * C)));
    expect(refused.state).toBe('failed');
    expect(refused.error?.kind === 'unavailable' && refused.error.message).toMatch(
      /Nothing was placed/,
    );
    expect(exchange.received).toHaveLength(1);

    control.failing = false;
    expect((await desk.place(spec(fokBuy(5n * C)))).state).toBe('filled');
    expect(exchange.received).toHaveLength(2);
  });
});

describe('OrderDesk: the bytes leave once their write is answered', () => {
  /** What `storage.session` holds for one intent, read as a restarted worker would. */
  const stored = async (area: ReturnType<typeof droppingArea>['area'], id: string) =>
    (await new SessionJournal(area).loadAll()).find((r) => r.view.clientOrderId === id);

  it('one write for a click, the signed sending record, answered before the bytes leave', async () => {
    const { area, control } = droppingArea();
    const { desk, exchange } = rig(new FakeExchange(), { area });
    await desk.place(spec(fokBuy()));

    const callsBefore = control.calls.length;
    const atSend: (IntentRecord | undefined)[] = [];
    let callsAtSend: string[] = [];
    exchange.onPlace = async (json) => {
      callsAtSend = control.calls.slice(callsBefore);
      atSend.push((await new SessionJournal(area).loadAll()).find((r) => r.body === json));
    };
    await desk.place(spec(fokBuy()));
    const id = parse(exchange.received[1] ?? '').clientOrderId;
    expect(atSend[0]?.view.clientOrderId).toBe(id);
    expect(atSend[0]?.view.state).toBe('sending');
    expect(atSend[0]?.sends).toBe(1);
    // One write before the wire: the signed record alone (no list of intents beside it), no
    // 'preparing'.
    expect(callsAtSend).toEqual([`desk.intent.${id}`]);
  });

  it('signs the request while its write is answered; a session locked meanwhile sends nothing', async () => {
    const inner = browserArea(fakeBrowser.storage.session);
    const held: { on: boolean; release: () => void } = { on: false, release: () => undefined };
    const area = {
      ...inner,
      set: async (key: string, value: unknown): Promise<void> => {
        if (held.on)
          await new Promise<void>((resolve) => Object.assign(held, { release: resolve }));
        return inner.set(key, value);
      },
    };
    const r = rig(new FakeExchange(), { area });
    await r.desk.place(spec(fokBuy()));
    const prepared: string[] = [];
    const prepare = r.exchange.preparePlaceOrder.bind(r.exchange);
    r.exchange.preparePlaceOrder = (json) => {
      prepared.push(json);
      return prepare(json);
    };

    held.on = true;
    const placing = r.desk.place(spec(fokBuy()), 50);
    await settle();
    // Signed, not sent: the write is not answered yet.
    expect(prepared).toHaveLength(1);
    expect(r.exchange.received).toHaveLength(1);

    r.state.locked = true;
    held.on = false;
    held.release();
    await placing.catch(() => undefined);
    await settle();
    expect(r.exchange.received).toHaveLength(1);
  });

  it('a write dropped as the worker stops keeps its bytes home, and the press placed again later is the only order', async () => {
    const { area, control } = droppingArea();
    const r = rig(new FakeExchange(), { area });
    // The journal has worked in this worker: that is when an unanswered write was trusted.
    await r.desk.place(spec(fokBuy()));

    control.dropping = true;
    const pressId = 'press-at-the-stop';
    void r.desk.place({ ...spec(fokBuy()), pressId }, 20);
    await settle();
    expect(r.exchange.received).toHaveLength(1);

    // The next worker hears its writes; the panel sends the unanswered press again.
    control.dropping = false;
    const restarted = await r.restart();
    restarted.resumePending();
    expect(restarted.views().filter((v) => v.state !== 'filled')).toEqual([]);
    const view = await restarted.place({ ...spec(fokBuy()), pressId });
    expect(view.state).toBe('filled');
    expect(r.exchange.placed).toHaveLength(2);
  });

  it('a worker stopped after the bytes left: the landed order is reconciled, never placed twice', async () => {
    const r = rig();
    await r.desk.place(spec(fokBuy()));

    r.exchange.script.push({ kind: 'hang-after' });
    void r.desk.place(spec(fokBuy()), 20);
    await waitFor(() => expect(r.exchange.received).toHaveLength(2));
    const first = { clientOrderId: parse(r.exchange.received[1] ?? '').clientOrderId ?? '' };
    expect(
      (await stored(r.area as ReturnType<typeof droppingArea>['area'], first.clientOrderId))?.view
        .state,
    ).toBe('sending');

    const restarted = await r.restart();
    restarted.resumePending();
    await waitFor(() => expect(restarted.view(first.clientOrderId)?.state).toBe('filled'));
    const bodies = r.exchange.received.filter(
      (b) => parse(b).clientOrderId === first.clientOrderId,
    );
    expect(new Set(bodies).size).toBe(1);
    expect(r.exchange.placed.filter((p) => p.clientOrderId === first.clientOrderId)).toHaveLength(
      1,
    );
  });

  it('a worker stopped after the bytes left: bytes that never arrived are sent again, once', async () => {
    const r = rig();
    await r.desk.place(spec(fokBuy()));

    r.exchange.script.push({ kind: 'hang-before' });
    void r.desk.place(spec(fokBuy()), 20);
    await waitFor(() => expect(r.exchange.received).toHaveLength(2));
    const first = { clientOrderId: parse(r.exchange.received[1] ?? '').clientOrderId ?? '' };

    const restarted = await r.restart();
    restarted.resumePending();
    await waitFor(() => expect(restarted.view(first.clientOrderId)?.state).toBe('filled'));
    const bodies = r.exchange.received.filter(
      (b) => parse(b).clientOrderId === first.clientOrderId,
    );
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    expect(r.exchange.placed.filter((p) => p.clientOrderId === first.clientOrderId)).toHaveLength(
      1,
    );
  });

  it('a worker stopped before signing ended, with nothing written, sent nothing', async () => {
    const r = rig();
    r.state.stallSigning = true;
    // The stop comes before the write of 'preparing' (a task later) was issued.
    const placing = r.desk.place(spec(fokBuy()), 20);
    const journal = await new SessionJournal(r.area).loadAll();
    expect(journal).toEqual([]);
    r.state.stallSigning = false;
    const restarted = await r.restart();
    restarted.resumePending();
    await settle();
    expect(restarted.views()).toEqual([]);
    expect(r.exchange.received).toEqual([]);
    // Had the worker lived on, a task later it would have journaled 'preparing'.
    expect((await placing).state).toBe('preparing');
    const [record] = await new SessionJournal(r.area).loadAll();
    expect(record?.view.state).toBe('preparing');
  });
});

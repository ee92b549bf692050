import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlaceOrderBody } from '../../../lib/core/api/orders';
import { MAX_RECV_WINDOW_MS } from '../../../lib/core/orders/rules';
import type { OrderDesk } from '../../../lib/desk/desk';
import {
  INTENT_DEADLINE_MS,
  MIN_SIGN_WINDOW_MS,
  NOT_SENT_UNREACHABLE,
} from '../../../lib/desk/intent-deadline';
import { waitFor } from '../../wait';
import { ERRORS, type FakeExchange } from './fake-exchange';
import { fokBuy, type Rig, rig, settle, spec, T0 } from './setup';

const parse = (json: string) => PlaceOrderBody.parse(JSON.parse(json));

/** The app's rig: orders signed in the exchange's time with the longest window allowed. */
const appRig = () => rig(undefined, { receiveWindowMs: MAX_RECV_WINDOW_MS });

/** The exchange cannot be reached: every order and every status check fails on the way. */
function down(exchange: FakeExchange): void {
  for (let i = 0; i < 100; i++) {
    exchange.script.push({ kind: 'fail-before', error: ERRORS.network });
    exchange.statusScript.push({ kind: 'fail', error: ERRORS.network });
  }
}

function up(exchange: FakeExchange): void {
  exchange.script.length = 0;
  exchange.statusScript.length = 0;
}

async function finalOf(desk: OrderDesk, clientOrderId: string) {
  return waitFor(() => {
    const view = desk.view(clientOrderId);
    if (!view || ['preparing', 'sending', 'reconciling'].includes(view.state))
      throw new Error(`still ${view?.state}`);
    return view;
  });
}

async function placeAndSettle(r: Rig, ...args: Parameters<Rig['desk']['place']>) {
  const first = await r.desk.place(args[0], 50);
  return finalOf(r.desk, first.clientOrderId);
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('an intent has a deadline', () => {
  it('is a few seconds, never longer than the receive window the exchange allows', () => {
    expect(INTENT_DEADLINE_MS).toBeLessThanOrEqual(MAX_RECV_WINDOW_MS);
    expect(INTENT_DEADLINE_MS).toBeGreaterThan(MIN_SIGN_WINDOW_MS);
  });

  it('pressed while the exchange is down: ends "not sent", and nothing is sent when it is back', async () => {
    const r = appRig();
    down(r.exchange);
    const view = await placeAndSettle(r, spec(fokBuy()));
    expect(view.state).toBe('failed');
    expect(view.error).toEqual(NOT_SENT_UNREACHABLE);
    expect(view.summary).toContain(NOT_SENT_UNREACHABLE.message);
    // Told once no copy could land any more: after the deadline, before the longest
    // receive window would even have closed.
    expect(r.clock.now).toBeGreaterThanOrEqual(T0 + INTENT_DEADLINE_MS);
    expect(r.clock.now).toBeLessThan(T0 + MAX_RECV_WINDOW_MS);
    const sentWhileDown = r.exchange.received.length;
    expect(new Set(r.exchange.received).size).toBe(1);
    // Still owed an answer from the exchange: whether those bytes landed.
    expect(r.desk.pending().map((v) => v.clientOrderId)).toEqual([view.clientOrderId]);

    // The exchange is back: it is asked whether the bytes landed; none is sent again.
    up(r.exchange);
    const asked = r.exchange.statusCalls.length;
    expect(r.desk.resumeStalled()).toBe(1);
    await waitFor(() => expect(r.exchange.statusCalls.length).toBe(asked + 1));
    await settle();
    // Known for certain now: nothing is left to ask about.
    expect(r.desk.resumeStalled()).toBe(0);
    expect(r.desk.pending()).toEqual([]);
    expect(r.exchange.received).toHaveLength(sentWhileDown);
    expect(r.exchange.placed).toHaveLength(0);
    expect(r.desk.view(view.clientOrderId)?.error).toEqual(NOT_SENT_UNREACHABLE);
  });

  it('bytes refused for age after the deadline are not signed again', async () => {
    const r = appRig();
    // The request took the whole deadline to arrive, and was refused as too old.
    r.exchange.onPlace = () => {
      r.clock.now += INTENT_DEADLINE_MS;
    };
    r.exchange.script.push({ kind: 'fail-before', error: ERRORS.receiveWindow });
    const view = await placeAndSettle(r, spec(fokBuy()));
    expect(view.state).toBe('failed');
    expect(view.error).toEqual(NOT_SENT_UNREACHABLE);
    expect(r.exchange.received).toHaveLength(1);
    expect(r.exchange.placed).toHaveLength(0);
  });

  it('bytes refused for age inside the bound (clock skew) are signed afresh, same amounts, window ending at the deadline', async () => {
    const r = appRig();
    let slowOnce = true;
    r.exchange.onPlace = () => {
      if (slowOnce) r.clock.now += 1_000;
      slowOnce = false;
    };
    r.exchange.script.push({ kind: 'fail-before', error: ERRORS.receiveWindow });
    const view = await placeAndSettle(r, spec(fokBuy()));
    expect(view.state).toBe('filled');
    const [first, second] = r.exchange.received.map(parse);
    expect(second?.clientOrderId).toBe(first?.clientOrderId);
    expect(second?.order.signature).not.toBe(first?.order.signature);
    // The limit is the one priced from what the trader saw, not a new one.
    expect(second?.order.makerAmount).toBe(first?.order.makerAmount);
    expect(first?.recvWindow).toBe(INTENT_DEADLINE_MS);
    expect(second?.recvWindow).toBe(INTENT_DEADLINE_MS - 1_000);
    expect(r.exchange.placed).toHaveLength(1);
  });

  it('counts from the press: a press received long before the desk took it is not sent', async () => {
    const r = appRig();
    const view = await placeAndSettle(r, spec(fokBuy(), { decidedAt: T0 - INTENT_DEADLINE_MS }));
    expect(view.error).toEqual(NOT_SENT_UNREACHABLE);
    expect(r.exchange.received).toHaveLength(0);
  });

  it('a worker restarted after the deadline asks about bytes already sent, and never sends them again', async () => {
    const r = appRig();
    // Sent, never arrived; the worker stopped while waiting for the answer.
    r.exchange.script.push({ kind: 'hang-before' });
    await r.desk.place(spec(fokBuy()), 50);
    await waitFor(() => expect(r.exchange.received).toHaveLength(1));
    r.clock.now += INTENT_DEADLINE_MS + 2_000;
    const next = await r.restart();
    next.resumePending();
    const [view] = next.views();
    const final = await finalOf(next, view?.clientOrderId ?? '');
    expect(final.error).toEqual(NOT_SENT_UNREACHABLE);
    expect(r.exchange.statusCalls.length).toBeGreaterThan(0);
    expect(r.exchange.received).toHaveLength(1);
    expect(r.exchange.placed).toHaveLength(0);
  });

  it('a worker restarted after the deadline reports an order that did land as what it is', async () => {
    const r = appRig();
    // Placed, and the worker stopped before the answer came back.
    r.exchange.script.push({ kind: 'hang-after' });
    await r.desk.place(spec(fokBuy()), 50);
    await waitFor(() => expect(r.exchange.placed).toHaveLength(1));
    r.clock.now += INTENT_DEADLINE_MS + 2_000;
    const next = await r.restart();
    next.resumePending();
    const [view] = next.views();
    const final = await finalOf(next, view?.clientOrderId ?? '');
    expect(final.state).toBe('filled');
    expect(r.exchange.received).toHaveLength(1);
  });

  it('"not sent" while the exchange could not be asked: a copy found there later is reported as what it is', async () => {
    const r = appRig();
    // The order landed, its answer was lost, and then the exchange could not be reached.
    r.exchange.script.push({ kind: 'fail-after', error: ERRORS.network });
    for (let i = 0; i < 100; i++)
      r.exchange.statusScript.push({ kind: 'fail', error: ERRORS.network });
    const view = await placeAndSettle(r, spec(fokBuy()));
    expect(view.error).toEqual(NOT_SENT_UNREACHABLE);

    up(r.exchange);
    r.desk.resumePending();
    await waitFor(() => expect(r.desk.view(view.clientOrderId)?.state).toBe('filled'));
    expect(r.desk.view(view.clientOrderId)?.error).toBeNull();
    expect(r.exchange.received).toHaveLength(1);
    expect(r.exchange.placed).toHaveLength(1);
  });

  it('an order the exchange has taken is never called "not sent", however long it is unreachable', async () => {
    const r = appRig();
    // Resting at the exchange in a status this version cannot read, then unreachable.
    r.exchange.fill = () => ({ settlementStatus: 'SETTLING', status: 'EXPIRING' });
    for (let i = 0; i < 100; i++)
      r.exchange.statusScript.push({ kind: 'fail', error: ERRORS.network });
    const first = await r.desk.place(spec(fokBuy()), 50);
    await waitFor(() => expect(r.exchange.statusCalls.length).toBeGreaterThanOrEqual(6));
    r.desk.resumeStalled();
    await waitFor(() => expect(r.exchange.statusCalls.length).toBeGreaterThanOrEqual(12));
    expect(r.clock.now).toBeGreaterThan(T0 + INTENT_DEADLINE_MS + MAX_RECV_WINDOW_MS);
    expect(r.desk.view(first.clientOrderId)?.state).toBe('reconciling');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlaceOrderBody } from '../../../lib/core/api/orders';
import { INTENT_DEADLINE_MS } from '../../../lib/desk/intent-deadline';
import { SessionJournal } from '../../../lib/desk/journal';
import { PRIME_TTL_MS } from '../../../lib/desk/primed-orders';
import { waitFor } from '../../wait';
import { ERRORS, FakeExchange } from './fake-exchange';
import { C, droppingArea, fokBuy, rig, settle, spec } from './setup';

const parse = (json: string) => PlaceOrderBody.parse(JSON.parse(json));

const journal = (area: ReturnType<typeof droppingArea>['area']) =>
  new SessionJournal(area).loadAll();

/** A press's order, as its pointer-down primes it and its click asks for it. */
const pressed = (pressId: string, spend = 5n * C) => spec(fokBuy(spend), { pressId });

/** Moves past the moment no copy of a primed order's bytes can land (deadline, window, margin). */
const pastLanding = (clock: { now: number }) => {
  clock.now += INTENT_DEADLINE_MS + 2_000;
};

beforeEach(() => {
  fakeBrowser.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('OrderDesk: an order primed at the pointer-down, sent at the click', () => {
  it('the click sends the bytes journaled at the pointer-down, without waiting for a write', async () => {
    const { area, control } = droppingArea();
    const { desk, exchange, changes } = rig(new FakeExchange(), { area });
    desk.prime(pressed('press-0001'));
    await settle();
    const [primed] = await journal(area);
    expect(primed?.primed).toBe(true);
    expect(primed?.sends).toBe(0);
    // Nothing is shown for a press that has not clicked.
    expect(changes).toEqual([]);
    expect(desk.views()).toEqual([]);

    // From here no write is answered: a click that waited for one would send nothing.
    control.dropping = true;
    const callsBefore = control.calls.length;
    let callsAtSend: string[] = [];
    exchange.onPlace = () => {
      callsAtSend = control.calls.slice(callsBefore);
    };
    // Its answer waits for the journal (never, here): the wire is what is looked at.
    void desk.place(pressed('press-0001'));
    await waitFor(() => expect(exchange.received).toEqual([primed?.body]));
    expect(exchange.placed[0]?.clientOrderId).toBe(primed?.view.clientOrderId);
    // No write on the click's way: the bytes were journaled at the pointer-down; the click's
    // own write (sent once, no longer primed) is handed over once they have left.
    expect(callsAtSend).toEqual([]);
    await waitFor(() =>
      expect(control.calls.slice(callsBefore)[0]).toBe(`desk.intent.${primed?.view.clientOrderId}`),
    );
  });

  it('a click asking for another order than was primed (the book moved) signs its own', async () => {
    const { area } = droppingArea();
    const { desk, exchange } = rig(new FakeExchange(), { area });
    desk.prime(pressed('press-0002', 5n * C));
    await settle();
    const [primed] = await journal(area);

    const view = await desk.place(pressed('press-0002', 6n * C));
    expect(view.state).toBe('filled');
    expect(exchange.placed).toHaveLength(1);
    expect(view.clientOrderId).not.toBe(primed?.view.clientOrderId);
    expect(parse(exchange.received[0] ?? '').clientOrderId).toBe(view.clientOrderId);
    // The primed record is gone from the journal: nothing else holds it.
    await settle();
    const ids = (await journal(area)).map((r) => r.view.clientOrderId);
    expect(ids).toEqual([view.clientOrderId]);
  });

  it('a press never clicked shows and sends nothing, and leaves the journal when it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { area } = droppingArea();
    const { desk, exchange, changes } = rig(new FakeExchange(), { area });
    desk.prime(pressed('press-0003'));
    await vi.advanceTimersByTimeAsync(0);
    expect(await journal(area)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(PRIME_TTL_MS);
    expect(await journal(area)).toEqual([]);
    expect(exchange.received).toEqual([]);
    expect(changes).toEqual([]);

    // Its click, after the press expired, is an order of its own, signed then.
    vi.useRealTimers();
    const view = await desk.place(pressed('press-0003'));
    expect(view.state).toBe('filled');
    expect(exchange.placed).toHaveLength(1);
  });

  it('a click refused by the caps drops the primed order: nothing sent, nothing left journaled', async () => {
    const { area } = droppingArea();
    const r = rig(new FakeExchange(), { area });
    r.desk.prime(pressed('press-0004'));
    await settle();
    r.state.limits = { ...r.state.limits, maxOrderNotionalRaw: 1n * C };
    await expect(r.desk.place(pressed('press-0004'))).rejects.toThrow(/cap|above/i);
    await settle();
    expect(r.exchange.received).toEqual([]);
    expect(await journal(area)).toEqual([]);
  });

  it('primes nothing while trading is paused: the click says why', async () => {
    const { area } = droppingArea();
    const r = rig(new FakeExchange(), { area });
    r.state.mode = 'cancel_only';
    r.desk.prime(pressed('press-0005'));
    await settle();
    expect(await journal(area)).toEqual([]);
    await expect(r.desk.place(pressed('press-0005'))).rejects.toThrow(/cancellations/);
  });

  it('a press’s second message while its click is being placed gets the same intent', async () => {
    const { desk, exchange } = rig();
    desk.prime(pressed('press-0006'));
    const [a, b] = await Promise.all([
      desk.place(pressed('press-0006')),
      desk.place(pressed('press-0006')),
    ]);
    expect(a.clientOrderId).toBe(b.clientOrderId);
    expect(exchange.received).toHaveLength(1);
  });

  it('a click right after its pointer-down waits for the primed write, then sends those bytes', async () => {
    const { area } = droppingArea();
    const { desk, exchange } = rig(new FakeExchange(), { area });
    // No turn between the two: the click arrives while the prime is still being signed.
    desk.prime(pressed('press-0007'));
    const view = await desk.place(pressed('press-0007'));
    expect(view.state).toBe('filled');
    expect(exchange.received).toHaveLength(1);
    const stored = await journal(area);
    expect(stored.map((s) => [s.view.clientOrderId, s.primed])).toEqual([
      [view.clientOrderId, false],
    ]);
  });
});

describe('OrderDesk: primed orders a stopped worker left (orphans)', () => {
  it('a click sent whose own write never landed: asked once no copy can land, shown as placed', async () => {
    const { area, control } = droppingArea();
    const r = rig(new FakeExchange(), { area, receiveWindowMs: 10_000 });
    r.desk.prime(pressed('press-0101'));
    await settle();
    control.dropping = true;
    void r.desk.place(pressed('press-0101'));
    await waitFor(() => expect(r.exchange.placed).toHaveLength(1));
    control.dropping = false;

    const restarted = await r.restart();
    restarted.resumePending();
    await settle();
    // Its bytes might still be on their way: not asked yet, not shown yet.
    expect(r.exchange.statusCalls).toEqual([]);
    expect(restarted.views()).toEqual([]);

    pastLanding(r.clock);
    restarted.resumeStalled();
    await waitFor(() => expect(restarted.views()[0]?.state).toBe('filled'));
    expect(restarted.views()[0]?.orderId).toBe(r.exchange.placed[0]?.id);
    expect(r.exchange.received).toHaveLength(1);
    const [stored] = await journal(area);
    expect(stored?.primed).toBe(false);
  });

  it('a press never clicked, found after a restart, is asked about and dropped without a word', async () => {
    const { area } = droppingArea();
    const r = rig(new FakeExchange(), { area, receiveWindowMs: 10_000 });
    r.desk.prime(pressed('press-0102'));
    await settle();

    const restarted = await r.restart();
    pastLanding(r.clock);
    const changesBefore = r.changes.length;
    restarted.resumeStalled();
    await waitFor(async () => expect(await journal(area)).toEqual([]));
    expect(r.exchange.statusCalls).toHaveLength(1);
    expect(restarted.views()).toEqual([]);
    expect(r.changes.length).toBe(changesBefore);
    expect(r.exchange.received).toEqual([]);
  });

  it('an orphan the exchange cannot be asked about now is kept and asked at the next check', async () => {
    const { area } = droppingArea();
    const r = rig(new FakeExchange(), { area, receiveWindowMs: 10_000 });
    r.desk.prime(pressed('press-0103'));
    await settle();
    const restarted = await r.restart();
    pastLanding(r.clock);
    r.exchange.statusScript.push({ kind: 'fail', error: ERRORS.network });
    restarted.resumeStalled();
    await settle();
    expect(await journal(area)).toHaveLength(1);

    restarted.resumeStalled();
    await waitFor(async () => expect(await journal(area)).toEqual([]));
    expect(r.exchange.statusCalls).toHaveLength(2);
  });

  it('the press retried after a restart takes its orphan: the same bytes again, one order', async () => {
    const { area, control } = droppingArea();
    const r = rig(new FakeExchange(), { area, receiveWindowMs: 10_000 });
    r.desk.prime(pressed('press-0104'));
    await settle();
    control.dropping = true;
    void r.desk.place(pressed('press-0104'));
    await waitFor(() => expect(r.exchange.placed).toHaveLength(1));
    control.dropping = false;

    const restarted = await r.restart();
    // The panel sends its press again (no answer reached it); the book has moved since.
    const view = await restarted.place(pressed('press-0104', 7n * C));
    await waitFor(() => expect(restarted.view(view.clientOrderId)?.state).toBe('filled'));
    expect(r.exchange.placed).toHaveLength(1);
    expect(view.clientOrderId).toBe(r.exchange.placed[0]?.clientOrderId);
    expect(new Set(r.exchange.received).size).toBe(1);
  });
});

import { Fetch, io, type Socket, WebSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NewPriceDataEvent,
  OrderbookUpdateEvent,
  OrderEvent,
  PositionsEvent,
  SOCKET_NAMESPACE,
  SOCKET_SIGNED_PATH,
  TxEvent,
} from '../../lib/core/api/events';
import type { ExchangeClient } from '../../lib/core/client/exchange-client';
import type { RunningSandbox } from '../../sandbox/index';
import { eventually } from '../wait';
import { account, admin, buildOrder, clientFor, startTestSandbox } from './helpers';

const BTC = 'sandbox-btc-100k';
const C = 1_000_000n;

interface Recorder {
  socket: Socket;
  events: { name: string; payload: unknown }[];
  of(name: string): unknown[];
}

describe('Socket.IO /markets', () => {
  let sandbox: RunningSandbox;
  let alice: ExchangeClient;
  const open: Socket[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    alice = await clientFor(sandbox, 'alice');
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());
  afterEach(async () => {
    for (const s of open.splice(0)) s.disconnect();
    await admin(sandbox, 'DELETE', 'faults');
  });

  async function connect(
    label: string | null,
    headers?: Record<string, string>,
  ): Promise<Recorder> {
    const extraHeaders =
      headers ??
      (label
        ? await (await clientFor(sandbox, label)).http.authHeaders('GET', SOCKET_SIGNED_PATH)
        : {});
    const socket = io(`${sandbox.wsUrl}${SOCKET_NAMESPACE}`, {
      transports: [Fetch, WebSocket],
      extraHeaders,
      reconnectionDelay: 20,
      reconnectionDelayMax: 50,
    });
    open.push(socket);
    const events: Recorder['events'] = [];
    socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
    return {
      socket,
      events,
      of: (name) => events.filter((e) => e.name === name).map((e) => e.payload),
    };
  }

  const connected = (r: Recorder) =>
    r.socket.connected
      ? Promise.resolve()
      : new Promise<void>((resolve) => r.socket.once('connect', () => resolve()));

  const subscribe = (r: Recorder, channel: string, payload: unknown) =>
    new Promise<{ ok: boolean; message?: string }>((resolve) =>
      r.socket.emit(channel, payload, resolve),
    );

  const fakBuy = async (market = BTC) =>
    alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market,
          amounts: { orderType: 'FAK', side: 'BUY', price: '0.65', contracts: 10n * C },
        })
      ).json,
    );

  it('public mode: orderbook updates right after subscribing and after each book change', async () => {
    const r = await connect(null);
    await connected(r);
    expect((await subscribe(r, 'subscribe_market_prices', { marketSlugs: [BTC] })).ok).toBe(true);
    const first = await eventually(() => r.of('orderbookUpdate')[0]);
    expect(OrderbookUpdateEvent.parse(first).marketSlug).toBe(BTC);
    await fakBuy();
    const updates = await eventually(() =>
      r.of('orderbookUpdate').length >= 2 ? r.of('orderbookUpdate') : undefined,
    );
    const last = OrderbookUpdateEvent.parse(updates[updates.length - 1]);
    expect(last.orderbook.asks[0]?.price).toBe(0.63);
  });

  it('newPriceData: an AMM market sends its price on subscribing and after each change, no book', async () => {
    const AMM = 'sandbox-rain-amm';
    const r = await connect(null);
    await connected(r);
    expect((await subscribe(r, 'subscribe_market_prices', { marketSlugs: [AMM] })).ok).toBe(true);
    const first = NewPriceDataEvent.parse(await eventually(() => r.of('newPriceData')[0]));
    expect(first).toMatchObject({ marketSlug: AMM, prices: [0.5, 0.5] });

    await admin(sandbox, 'POST', `markets/${AMM}/amm-price`, { yes: 0.537 });
    const moved = await eventually(() => r.of('newPriceData')[1]);
    expect(NewPriceDataEvent.parse(moved)).toMatchObject({
      marketSlug: AMM,
      prices: [0.537, 0.463],
    });
    // An AMM market has no order book; and the market record keeps no price for it.
    expect(r.of('orderbookUpdate')).toEqual([]);
    expect((await alice.getMarket(AMM)).prices).toBeNull();

    // Only to its subscribers: one on a CLOB market hears nothing of it.
    const other = await connect(null);
    await connected(other);
    await subscribe(other, 'subscribe_market_prices', { marketSlugs: [BTC] });
    await admin(sandbox, 'POST', `markets/${AMM}/amm-price`, { yes: 0.55 });
    await eventually(() => r.of('newPriceData')[2]);
    expect(other.of('newPriceData')).toEqual([]);
  });

  it('the AMM price endpoint refuses a CLOB market and a price off the 0.001 grid', async () => {
    const clob = await fetch(`${sandbox.apiUrl}/__sandbox/markets/${BTC}/amm-price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ yes: 0.5 }),
    });
    expect(clob.status).toBe(400);
    const grid = await fetch(`${sandbox.apiUrl}/__sandbox/markets/sandbox-rain-amm/amm-price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ yes: 0.5005 }),
    });
    expect(grid.status).toBe(400);
  });

  it('a new subscription replaces the previous one on that channel', async () => {
    const r = await connect(null);
    await connected(r);
    await subscribe(r, 'subscribe_market_prices', { marketSlugs: [BTC] });
    await subscribe(r, 'subscribe_market_prices', { marketSlugs: ['sandbox-fed-cut'] });
    const before = r.of('orderbookUpdate').length;
    await fakBuy(BTC);
    await fakBuy('sandbox-fed-cut');
    const later = await eventually(() => {
      const all = r
        .of('orderbookUpdate')
        .slice(before)
        .map((e) => OrderbookUpdateEvent.parse(e));
      return all.length > 0 ? all : undefined;
    });
    expect(later.every((e) => e.marketSlug === 'sandbox-fed-cut')).toBe(true);
  });

  it('authenticated subscriptions on a public socket answer an exception', async () => {
    const r = await connect(null);
    await connected(r);
    const answer = await subscribe(r, 'subscribe_order_events', {});
    expect(answer.ok).toBe(false);
    expect(await eventually(() => r.of('exception')[0])).toMatchObject({
      message: expect.stringMatching(/authenticated/),
    });
  });

  it('bad handshake auth: exception, then the server disconnects', async () => {
    const a = await account(sandbox, 'alice');
    const r = await connect('bad', {
      'svc-api-key': a.tokenId ?? '',
      'svc-timestamp': new Date().toISOString(),
      'svc-signature': 'AAAA',
    });
    r.socket.io.opts.reconnection = false;
    const reason = await new Promise<string>((resolve) => r.socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect(r.of('exception')[0]).toMatchObject({
      message: expect.stringMatching(/Authentication failed/),
    });
  });

  it('a stale handshake timestamp is refused the same way', async () => {
    const client = await clientFor(sandbox, 'alice');
    client.http.clock.setOffset(-60_000);
    const r = await connect('stale', await client.http.authHeaders('GET', SOCKET_SIGNED_PATH));
    r.socket.io.opts.reconnection = false;
    await new Promise((resolve) => r.socket.once('disconnect', resolve));
    expect(r.of('exception')).toHaveLength(1);
  });

  it("order events: every lifecycle step of the account's orders, each with a unique eventId", async () => {
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    const res = await fakBuy();
    const events = await eventually(() => {
      const all = r.of('orderEvent').map((e) => OrderEvent.parse(e));
      return all.some((e) => e.source === 'SETTLEMENT' && e.type === 'MINED') ? all : undefined;
    });
    const ome = events.filter((e) => e.source === 'OME');
    expect(ome.map((e) => [e.type, e.source === 'OME' ? e.status : undefined])).toEqual([
      ['PLACEMENT', undefined],
      ['EXECUTION', 'FILLED'],
    ]);
    const settlement = events.filter((e) => e.source === 'SETTLEMENT');
    expect(settlement.map((e) => e.type)).toEqual(['MATCHED', 'MINED']);
    expect(settlement[0]).toMatchObject({
      isEstimate: true,
      tradeEventId: res.execution.tradeEventId,
    });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
  });

  /** An order of alice's for 5 contracts more than the best ask offers, at that ask. */
  const pastTheBestAsk = async (orderType: 'GTC' | 'FAK') => {
    const best = (await alice.getOrderbook(BTC)).asks[0];
    if (!best) throw new Error('the seeded book has asks');
    const contracts = BigInt(best.size) + 5n * C;
    const res = await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType, side: 'BUY', price: String(best.price), contracts },
        })
      ).json,
    );
    return { res, filled: BigInt(best.size) };
  };

  const omeOf = (r: Recorder, orderId: string) =>
    r
      .of('orderEvent')
      .map((e) => OrderEvent.parse(e))
      .filter((e) => e.source === 'OME' && e.orderId === orderId);

  it('OME UPDATE: a GTC that fills in part and rests says so, with what rests', async () => {
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    const { res } = await pastTheBestAsk('GTC');
    const events = await eventually(() => {
      const all = omeOf(r, res.order.id);
      return all.some((e) => e.type === 'UPDATE') ? all : undefined;
    });
    expect(events.map((e) => [e.type, e.source === 'OME' ? (e.status ?? null) : null])).toEqual([
      ['PLACEMENT', null],
      ['EXECUTION', 'PARTIALLY_FILLED'],
      ['UPDATE', null],
    ]);
    expect(events[2]).toMatchObject({ remainingSize: (5n * C).toString() });
    const [resting] = await alice.getUserOrders(BTC);
    expect(resting).toMatchObject({ id: res.order.id, remainingSize: (5n * C).toString() });
  });

  it('OME EXECUTION KILLED: a FAK fills what it can, and its remainder is killed with a reason', async () => {
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    const { res, filled } = await pastTheBestAsk('FAK');
    expect(res.execution.totalsRaw.contractsGross).toBe(filled.toString());
    const events = await eventually(() => {
      const all = omeOf(r, res.order.id);
      return all.some((e) => e.source === 'OME' && e.status === 'KILLED') ? all : undefined;
    });
    expect(events.map((e) => [e.type, e.source === 'OME' ? (e.status ?? null) : null])).toEqual([
      ['PLACEMENT', null],
      ['EXECUTION', 'PARTIALLY_FILLED'],
      ['EXECUTION', 'KILLED'],
    ]);
    expect(events[2]?.source === 'OME' && events[2].reason).toMatch(/killed/i);
    expect(await alice.getUserOrders(BTC)).toEqual([]);
  });

  it('settlement prices speak each recipient’s terms: a YES taker against a NO maker sees 1 − the maker’s price', async () => {
    const makerSocket = await connect('alice');
    const takerSocket = await connect('bob');
    await Promise.all([connected(makerSocket), connected(takerSocket)]);
    await subscribe(makerSocket, 'subscribe_order_events', {});
    await subscribe(takerSocket, 'subscribe_order_events', {});
    // alice's BUY NO sits inside the spread (an ask at the YES midpoint), so bob's YES buy at
    // that limit meets it first: a mint, where the two sides pay complementary prices.
    const book = sandbox.core.orderbook(BTC);
    if (!book) throw new Error('no book');
    const bestAsk = book.asks[0]?.price ?? 0.99;
    const bestBid = book.bids[0]?.price ?? 0.01;
    const yesMillis = BigInt(Math.round(((bestAsk + bestBid) / 2) * 1000));
    const noPrice = Number(1000n - yesMillis) / 1000;
    const rest = await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          outcome: 'NO',
          amounts: { orderType: 'GTC', side: 'BUY', price: String(noPrice), contracts: 2n * C },
        })
      ).json,
    );
    expect(rest.execution.settlementStatus).toBe('UNMATCHED');
    const bob = await clientFor(sandbox, 'bob');
    const take = await bob.placeOrder(
      (
        await buildOrder(sandbox, 'bob', {
          market: BTC,
          outcome: 'YES',
          amounts: {
            orderType: 'FAK',
            side: 'BUY',
            price: String(Number(yesMillis) / 1000),
            contracts: 2n * C,
          },
        })
      ).json,
    );
    expect(take.execution.matched).toBe(true);
    const matchedFor = (r: Recorder) =>
      eventually(() =>
        r
          .of('orderEvent')
          .map((e) => OrderEvent.parse(e))
          .find((e) => e.source === 'SETTLEMENT' && e.type === 'MATCHED'),
      );
    const takerCopy = await matchedFor(takerSocket);
    const makerCopy = await matchedFor(makerSocket);
    const priceIn = (e: typeof takerCopy) =>
      e.source === 'SETTLEMENT'
        ? e.makerMatches.find((m) => m.orderId === rest.order.id)?.price
        : undefined;
    expect(Number(priceIn(takerCopy))).toBeCloseTo(Number(yesMillis) / 1000, 6);
    expect(Number(priceIn(makerCopy))).toBeCloseTo(noPrice, 6);
  });

  it('order events: makers hear their fills and cancellations carry a reason', async () => {
    const bob = await clientFor(sandbox, 'bob');
    const r = await connect('bob');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    const resting = await bob.placeOrder(
      (
        await buildOrder(sandbox, 'bob', {
          market: BTC,
          amounts: { orderType: 'GTC', side: 'SELL', price: '0.625', contracts: 5n * C },
        })
      ).json,
    );
    await fakBuy();
    const fill = await eventually(() =>
      r
        .of('orderEvent')
        .map((e) => OrderEvent.parse(e))
        .find(
          (e) => e.source === 'OME' && e.type === 'EXECUTION' && e.orderId === resting.order.id,
        ),
    );
    expect(fill.source === 'OME' && fill.status).toBe('FILLED');
    const other = await bob.placeOrder(
      (
        await buildOrder(sandbox, 'bob', {
          market: BTC,
          amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 5n * C },
        })
      ).json,
    );
    await bob.cancelOrder({ orderId: other.order.id });
    const cancel = await eventually(() =>
      r
        .of('orderEvent')
        .map((e) => OrderEvent.parse(e))
        .find((e) => e.source === 'OME' && e.type === 'CANCELLATION'),
    );
    expect(cancel).toMatchObject({ orderId: other.order.id, remainingSize: '5000000' });
  });

  /**
   * A taker order on the delayed market, its order events up to MINED, and its `eligibleAt`;
   * `whileHeld` runs once the order is held.
   */
  async function delayedOrderEvents(whileHeld: () => void = () => {}) {
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    const res = await fakBuy('sandbox-eth-flip');
    expect(res.execution.settlementStatus).toBe('DELAYED');
    whileHeld();
    const events = await eventually(() => {
      const all = r.of('orderEvent').map((e) => OrderEvent.parse(e));
      return all.some((e) => e.source === 'SETTLEMENT' && e.type === 'MINED') ? all : undefined;
    });
    return { events, eligibleAt: Date.parse(res.execution.eligibleAt ?? '') };
  }

  it('a delayed order emits nothing before eligibleAt, then MATCHED and MINED', async () => {
    const { events, eligibleAt } = await delayedOrderEvents();
    for (const e of events) expect(Date.parse(e.occurredAt)).toBeGreaterThanOrEqual(eligibleAt);
    expect(events.filter((e) => e.source === 'SETTLEMENT').map((e) => e.type)).toEqual([
      'MATCHED',
      'MINED',
    ]);
  });

  it('a delayed order waits for eligibleAt on the sandbox clock, set back meanwhile', async () => {
    // The wall clock reaches the delay's end 400 ms before the sandbox's clock does.
    const { events, eligibleAt } = await delayedOrderEvents(() =>
      sandbox.core.clock.setOffset(-400),
    );
    for (const e of events) expect(Date.parse(e.occurredAt)).toBeGreaterThanOrEqual(eligibleAt);
  });

  it('positions: an update after each fill of the account, filtered by market', async () => {
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_positions', { marketSlugs: [BTC] });
    await fakBuy('sandbox-fed-cut');
    await fakBuy(BTC);
    const update = PositionsEvent.parse(await eventually(() => r.of('positions')[0]));
    expect(update.marketSlug).toBe(BTC);
    expect(update.tokensBalance.yes).toBe('510000000');
    expect(r.of('positions')).toHaveLength(1);
  });

  it('transactions: a tx CONFIRMED after settlement', async () => {
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_transactions', {});
    const res = await fakBuy();
    const tx = TxEvent.parse(await eventually(() => r.of('tx')[0]));
    expect(tx).toMatchObject({ status: 'CONFIRMED', orderId: res.order.id, marketSlug: BTC });
  });

  it("a partner hears its sub-accounts' order events", async () => {
    const partner = await clientFor(sandbox, 'partner');
    const sub = await account(sandbox, 'sub-1');
    const r = await connect('partner');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    const built = await buildOrder(sandbox, 'partner', {
      market: BTC,
      amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 5n * C },
      owner: { mode: 'delegated', subAccountId: sub.profileId, wallet: sub.account },
    });
    const res = await partner.placeOrder(built.json);
    const placement = await eventually(() =>
      r
        .of('orderEvent')
        .map((e) => OrderEvent.parse(e))
        .find((e) => e.source === 'OME' && e.orderId === res.order.id),
    );
    expect(placement.source === 'OME' && placement.type).toBe('PLACEMENT');
  });

  it('subscriptions do not survive a server-side disconnect', async () => {
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    await fakBuy();
    await eventually(() => r.of('orderEvent').length > 0);
    const dropped = new Promise<string>((resolve) => r.socket.once('disconnect', resolve));
    await admin(sandbox, 'POST', 'faults', { kind: 'disconnect-sockets' });
    expect(await dropped).toBe('io server disconnect');
    // After a server-side disconnect socket.io-client does not reconnect on its own.
    r.socket.connect();
    await connected(r);
    // Were the subscription kept, the first order's settlement events and the next order's
    // events would come before the price update the barrier below waits for.
    const before = r.of('orderEvent').length;
    await fakBuy();
    // A public subscription still works (the socket is connected), order events do not come.
    await subscribe(r, 'subscribe_market_prices', { marketSlugs: [BTC] });
    await eventually(() => r.of('orderbookUpdate').length > 0);
    expect(r.of('orderEvent').length).toBe(before);
  });

  it('duplicate-order-events fault delivers each event twice with the same eventId', async () => {
    await admin(sandbox, 'POST', 'faults', { kind: 'duplicate-order-events', enabled: true });
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    await fakBuy();
    const events = await eventually(() =>
      r.of('orderEvent').length >= 4 ? r.of('orderEvent') : undefined,
    );
    const ids = events.map((e) => OrderEvent.parse(e).eventId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);
  });

  it('fail-settlements fault: SETTLEMENT FAILED, tx FAILED, and the trade rolled back', async () => {
    await admin(sandbox, 'POST', 'faults', { kind: 'fail-settlements', count: 1 });
    const r = await connect('alice');
    await connected(r);
    await subscribe(r, 'subscribe_order_events', {});
    await subscribe(r, 'subscribe_transactions', {});
    await subscribe(r, 'subscribe_positions', {});
    const res = await fakBuy();
    const failed = await eventually(() =>
      r
        .of('orderEvent')
        .map((e) => OrderEvent.parse(e))
        .find((e) => e.source === 'SETTLEMENT' && e.type === 'FAILED'),
    );
    expect(failed.source === 'SETTLEMENT' && failed.takerOrderId).toBe(res.order.id);
    expect(TxEvent.parse(await eventually(() => r.of('tx')[0])).status).toBe('FAILED');
    const btc = (await alice.getPositions()).clob.find((p) => p.market.slug === BTC);
    expect(btc?.tokensBalance.yes).toBe('500000000');
    const [status] = await alice.orderStatuses({ orderIds: [res.order.id] });
    expect(status?.settlementStatus).toBe('FAILED');
  });
});

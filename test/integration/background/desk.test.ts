import { Fetch, NodeWebSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccountInfo } from '../../../lib/background/account/account';
import { TradingSession } from '../../../lib/background/trading/session';
import { SOCKET_SIGNED_PATH } from '../../../lib/core/api/events';
import type { TradingMode } from '../../../lib/core/api/primitives';
import type { SandboxOrder } from '../../../lib/core/api/sandbox';
import { ServerClock } from '../../../lib/core/client/clock';
import type { ClientErrorInfo } from '../../../lib/core/client/errors';
import { type DeskDeps, OrderDesk, type PlaceSpec } from '../../../lib/desk/desk';
import { type IntentRecord, SessionJournal } from '../../../lib/desk/journal';
import { LiveConnection } from '../../../lib/live/connection';
import type { IntentView } from '../../../lib/protocol/intent';
import type { RunningSandbox } from '../../../sandbox/index';
import { memoryArea } from '../../lib/desk/fake-exchange';
import { SandboxOrders } from '../../support/sandbox-orders';
import { waitFor } from '../../wait';
import { account, admin, clientFor, startTestSandbox, subscribed } from '../helpers';

const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';
const C = 1_000_000n;
/** Short enough to keep the folder fast; every wait below is on events, not on time. */
const TIMEOUT_MS = 400;
/** `GET /__sandbox/faults`: the delayed requests dropped because their client left. */
const Dropped = z.object({ dropped: z.number() });
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Area = ReturnType<typeof memoryArea>;

interface Worker {
  desk: OrderDesk;
  session: TradingSession;
  changes: IntentView[];
  modeRefusals: Extract<ClientErrorInfo, { kind: 'trading-mode' }>[];
  /** Stops the worker dead: nothing it started answers or writes any more. */
  kill(): void;
  /** POST /orders requests this worker has put on the wire. */
  readonly posts: number;
  /** POST /orders requests held back by the `late` option (each reaches the exchange later). */
  readonly lateSends: number;
  /** Resolves once every request this worker put on the wire so far has come back. */
  settled(): Promise<void>;
}

describe('OrderDesk against the sandbox, under every fault', () => {
  let sandbox: RunningSandbox;
  let info: AccountInfo;
  let secrets: Parameters<typeof TradingSession.open>[0];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const alice = await account(sandbox, 'alice');
    secrets = {
      apiToken: { tokenId: alice.tokenId ?? '', secret: alice.secret ?? '' },
      signing: { kind: 'eoa', privateKey: alice.privateKey ?? '' },
    };
    info = {
      exchange: sandbox.exchange,
      tokenId: alice.tokenId ?? '',
      profile: await (await clientFor(sandbox, 'alice')).getMyProfile(),
      signingKind: 'eoa',
      subAccounts: [],
      activeSubAccountId: null,
    };
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());
  /** Every worker's stalled-intent timer, stopped after each test. */
  const tickers: ReturnType<typeof setInterval>[] = [];
  afterEach(async () => {
    for (const ticker of tickers.splice(0)) clearInterval(ticker);
    await admin(sandbox, 'DELETE', 'faults');
  });

  /** A background worker's desk: the real session and client, an in-memory journal. */
  async function worker(
    area: Area,
    options: {
      mode?: () => TradingMode | null;
      clock?: ServerClock;
      /** The receive window orders are signed with (the app uses the maximum, 10 s). */
      windowMs?: number;
      /**
       * A slow network: the next `count` POST /orders reach the exchange `delayMs` later,
       * after the client has given up on them (the sandbox's own `delay` fault drops a
       * request whose client went away, so it cannot play this).
       */
      late?: { count: number; delayMs: number };
    } = {},
  ): Promise<Worker> {
    let dead = false;
    const hang = <T>() => new Promise<T>(() => undefined);
    const late = { count: 0, delayMs: 0, ...options.late };
    const posts = { count: 0 };
    const lateSends = { count: 0 };
    const inFlight = new Set<Promise<unknown>>();
    const onWire = (sent: Promise<Response>) => {
      const done = sent.catch(() => undefined).finally(() => inFlight.delete(done));
      inFlight.add(done);
      return sent;
    };
    const clock = options.clock ?? new ServerClock();
    const session = await TradingSession.open(secrets, info, clock, {
      timeoutMs: TIMEOUT_MS,
      retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 50 },
      fetch: async (input, init) => {
        if (dead) return hang();
        if (
          late.count > 0 &&
          init?.method === 'POST' &&
          new URL(String(input)).pathname === '/orders'
        ) {
          late.count--;
          lateSends.count++;
          const { signal, ...unbound } = init;
          setTimeout(() => void onWire(fetch(input, unbound)).catch(() => undefined), late.delayMs);
          return new Promise<Response>((_, reject) =>
            signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
          );
        }
        if (init?.method === 'POST' && new URL(String(input)).pathname === '/orders') posts.count++;
        const response = await onWire(fetch(input, init));
        return dead ? hang() : response;
      },
    });
    const changes: IntentView[] = [];
    const modeRefusals: Worker['modeRefusals'] = [];
    const result: Worker = {
      desk: null as unknown as OrderDesk,
      session,
      changes,
      modeRefusals,
      kill: () => {
        dead = true;
        clearInterval(ticker);
      },
      get posts() {
        return posts.count;
      },
      get lateSends() {
        return lateSends.count;
      },
      settled: async () => {
        await Promise.all([...inFlight]);
      },
    };
    const deps: DeskDeps = {
      store: new SessionJournal(area),
      client: () => session.client,
      orderContext: (slug) => session.orderContext(slug),
      actAs: () => session.actAs(),
      limits: () => ({
        maxOrderNotionalRaw: 1_000n * C,
        maxOrdersPerMinute: 100,
        confirmAboveRaw: 1_000n * C,
      }),
      tradingMode: options.mode ?? (() => 'normal'),
      onTradingModeRefused: (i) => modeRefusals.push(i),
      onChange: (view) => changes.push(structuredClone(view)),
      receiveWindow: { ms: options.windowMs ?? 10_000, serverNow: () => clock.now() },
      // The desk's backoffs, shortened; a dead worker never wakes up.
      sleep: (ms) => (dead ? hang() : realSleep(Math.min(ms, 50))),
    };
    const desk = new OrderDesk(deps);
    await desk.init();
    result.desk = desk;
    // As the app does every 15 s: a run that used up its status checks (the exchange slow
    // to answer them) is taken up again, so no verdict depends on how many fit in one run.
    const ticker = setInterval(() => desk.resumeStalled(), 250);
    tickers.push(ticker);
    return result;
  }

  const fakBuy = (): PlaceSpec => ({
    marketSlug: BTC,
    marketTitle: 'BTC',
    outcome: 'YES',
    amounts: { orderType: 'FAK', side: 'BUY', price: '0.65', contracts: 10n * C },
    notionalRaw: 6_500_000n,
    confirmed: true,
  });
  const fokBuy = (market = BTC): PlaceSpec => ({
    marketSlug: market,
    marketTitle: market,
    outcome: 'YES',
    amounts: { orderType: 'FOK', side: 'BUY', spend: 5n * C },
    notionalRaw: 5n * C,
    confirmed: true,
  });

  async function ordersOf(clientOrderId: string): Promise<SandboxOrder[]> {
    const all = SandboxOrders.parse(await admin(sandbox, 'GET', 'orders'));
    return all.filter((o) => o.clientOrderId === clientOrderId);
  }
  const accepted = async (clientOrderId: string) =>
    (await ordersOf(clientOrderId)).filter((o) => o.status !== 'REJECTED');

  /** Places and waits for a final state (whatever `place` returned). */
  async function finalView(w: Worker, spec: PlaceSpec): Promise<IntentView> {
    const first = await w.desk.place(spec, 50);
    return waitFor(
      () => {
        const view = w.desk.view(first.clientOrderId);
        if (
          !view ||
          ![
            'filled',
            'partially-filled',
            'killed',
            'rejected',
            'failed',
            'delayed',
            'resting',
          ].includes(view.state)
        )
          throw new Error(
            `still ${view?.state}: ${view?.summary} (last error: ${JSON.stringify(view?.error)})`,
          );
        return view;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  const fault = (body: object) => admin(sandbox, 'POST', 'faults', body);

  it('no fault: one signed order reaches the engine, valid signature, filled', async () => {
    const w = await worker(memoryArea());
    const view = await finalView(w, fakBuy());
    expect(view.state).toBe('filled');
    const [order, ...more] = await accepted(view.clientOrderId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ signatureValid: true, status: 'FILLED', id: view.orderId });
  });

  describe('POST /orders', () => {
    it('5xx before handling (beyond the client’s own retries): the same bytes again, one order', async () => {
      await fault({ kind: 'status-before', route: 'POST /orders', status: 503, times: 3 });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      expect(await accepted(view.clientOrderId)).toHaveLength(1);
    });

    it('5xx before handling on every attempt: a clear failure, and nothing placed', async () => {
      await fault({ kind: 'status-before', route: 'POST /orders', status: 503, times: 50 });
      const w = await worker(memoryArea(), { windowMs: 500 });
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('failed');
      expect(view.summary).toMatch(/it was not placed/);
      expect(await ordersOf(view.clientOrderId)).toEqual([]);
    });

    it('5xx after handling: the retry meets a 409, reconciled to the order that landed', async () => {
      await fault({ kind: 'status-after', route: 'POST /orders', status: 500, times: 1 });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      const orders = await ordersOf(view.clientOrderId);
      expect(orders.filter((o) => o.status !== 'REJECTED')).toHaveLength(1);
      expect(orders.find((o) => o.status === 'REJECTED')?.reason).toMatch(/already been used/);
      expect(view.orderId).toBe(orders.find((o) => o.status !== 'REJECTED')?.id);
    });

    it('connection dropped after the order was accepted: adopted from the status, one order', async () => {
      await fault({ kind: 'drop-after', route: 'POST /orders' });
      const w = await worker(memoryArea());
      const view = await finalView(w, fokBuy());
      expect(view.state).toBe('filled');
      const orders = await ordersOf(view.clientOrderId);
      expect(orders).toHaveLength(1);
      expect(view.orderId).toBe(orders[0]?.id);
      expect(view.filledCollateralRaw).toBe(orders[0]?.filledSize);
    });

    it('429 with Retry-After: waited out and sent again, one order', async () => {
      await fault({
        kind: 'status-before',
        route: 'POST /orders',
        status: 429,
        retryAfter: 1,
        times: 2,
      });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      expect(await accepted(view.clientOrderId)).toHaveLength(1);
    });

    it('a delay beyond the client timeout (sandbox fault): sent again, one order', async () => {
      await fault({ kind: 'delay', route: 'POST /orders', delayMs: TIMEOUT_MS * 2, times: 1 });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      // The delayed copy, its client gone, is dropped when the delay runs out: past that,
      // nothing of it can reach the book.
      await waitFor(async () =>
        expect(Dropped.parse(await admin(sandbox, 'GET', 'faults')).dropped).toBe(1),
      );
      expect(await accepted(view.clientOrderId)).toHaveLength(1);
    });

    it('a copy that reaches the exchange after the client gave up: it meets a 409, one order', async () => {
      const w = await worker(memoryArea(), { late: { count: 1, delayMs: TIMEOUT_MS * 2 } });
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      await waitFor(async () => expect(await ordersOf(view.clientOrderId)).toHaveLength(2), {
        timeout: 10_000,
      });
      expect(await accepted(view.clientOrderId)).toHaveLength(1);
      expect(view.orderId).toBe((await accepted(view.clientOrderId))[0]?.id);
    });

    it('every send late but inside the receive window: the desk waits it out and adopts the order', async () => {
      // Each send lands 1.5 s after it left: 3.5 s of window to spare, for a busy machine.
      const w = await worker(memoryArea(), { windowMs: 5_000, late: { count: 3, delayMs: 1_500 } });
      const view = await finalView(w, fakBuy());
      // How many sends the desk made before it found the order depends on the machine's pace;
      // every one of them was late, and each is waited for at the exchange.
      expect(w.posts).toBe(0);
      expect(w.lateSends).toBeGreaterThanOrEqual(1);
      await waitFor(
        async () => expect(await ordersOf(view.clientOrderId)).toHaveLength(w.lateSends),
        { timeout: 10_000 },
      );
      const landed = await accepted(view.clientOrderId);
      expect(landed).toHaveLength(1);
      expect(view.state).toBe('filled');
      expect(view.orderId).toBe(landed[0]?.id);
    });

    it('every send later than the receive window: refused by the exchange, and the desk says not placed', async () => {
      const w = await worker(memoryArea(), { windowMs: 300, late: { count: 3, delayMs: 1_800 } });
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('failed');
      expect(w.posts).toBe(0);
      await waitFor(
        async () => expect(await ordersOf(view.clientOrderId)).toHaveLength(w.lateSends),
        { timeout: 10_000 },
      );
      expect(await accepted(view.clientOrderId)).toEqual([]);
      expect((await ordersOf(view.clientOrderId))[0]?.reason).toMatch(/receive window/);
    });

    it('receive-window 425: signed afresh with the same clientOrderId, one order', async () => {
      await fault({ kind: 'receive-window', route: 'POST /orders', times: 1 });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      const [order, ...more] = await ordersOf(view.clientOrderId);
      expect(more).toEqual([]);
      expect(order?.signatureValid).toBe(true);
    });

    it('receive-window 425 on every signature: rejected, nothing placed', async () => {
      await fault({ kind: 'receive-window', route: 'POST /orders', times: 10 });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('rejected');
      expect(view.error?.kind).toBe('receive-window');
      expect(await ordersOf(view.clientOrderId)).toEqual([]);
    });

    it('trading-mode 425: refreshes maintenance, final rejection with resumeAt, nothing placed', async () => {
      const resumeAt = '2026-12-01T10:00:00.000Z';
      await admin(sandbox, 'POST', 'trading-mode', { mode: 'cancel_only', resumeAt });
      // The desk still believes the mode is normal: the exchange refuses.
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('rejected');
      expect(view.error).toMatchObject({ kind: 'trading-mode', mode: 'cancel_only', resumeAt });
      expect(w.modeRefusals).toHaveLength(1);
      expect(await accepted(view.clientOrderId)).toEqual([]);
    });

    it('a 40 s clock offset between client and exchange: one order, signed in server time', async () => {
      const clock = new ServerClock();
      const w = await worker(memoryArea(), { clock });
      // The client learns the exchange's clock, then the exchange's clock jumps 40 s.
      await w.session.client.getOrderMarket(BTC);
      await admin(sandbox, 'POST', 'clock', { offsetMs: 40_000 });
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      expect(await accepted(view.clientOrderId)).toHaveLength(1);
      expect(Math.abs(clock.offset - 40_000)).toBeLessThan(2_000);
    });
  });

  describe('POST /orders/status/batch while reconciling', () => {
    const lose = () => fault({ kind: 'drop-after', route: 'POST /orders' });

    it('5xx before handling: asked again until it answers, one order', async () => {
      await lose();
      await fault({
        kind: 'status-before',
        route: 'POST /orders/status/batch',
        status: 503,
        times: 3,
      });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      expect(await ordersOf(view.clientOrderId)).toHaveLength(1);
    });

    it('5xx after handling and a dropped connection: still one order', async () => {
      await lose();
      await fault({
        faults: [
          { kind: 'status-after', route: 'POST /orders/status/batch', status: 500, times: 2 },
          { kind: 'drop-after', route: 'POST /orders/status/batch', times: 1 },
        ],
      });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      expect(await ordersOf(view.clientOrderId)).toHaveLength(1);
    });

    it('429 with Retry-After and a delay beyond the timeout: still one order', async () => {
      await lose();
      await fault({
        faults: [
          {
            kind: 'status-before',
            route: 'POST /orders/status/batch',
            status: 429,
            retryAfter: 1,
            times: 2,
          },
          { kind: 'delay', route: 'POST /orders/status/batch', delayMs: TIMEOUT_MS * 2, times: 1 },
        ],
      });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      expect(await ordersOf(view.clientOrderId)).toHaveLength(1);
    });

    it('a 425 (receive-window fault) on the status check: asked again, one order', async () => {
      await lose();
      await fault({ kind: 'receive-window', route: 'POST /orders/status/batch', times: 2 });
      const w = await worker(memoryArea());
      const view = await finalView(w, fakBuy());
      expect(view.state).toBe('filled');
      expect(await ordersOf(view.clientOrderId)).toHaveLength(1);
    });

    it('a 40 s clock jump while reconciling: the status is still read, one order', async () => {
      await lose();
      await fault({ kind: 'delay', route: 'POST /orders/status/batch', delayMs: 200, times: 1 });
      const area = memoryArea();
      const w = await worker(area);
      const placing = w.desk.place(fakBuy(), 50);
      // The status request is on its way, signed in the old time, when the clock jumps.
      await waitFor(async () => {
        const [record] = await new SessionJournal(area).loadAll();
        expect(record?.view.state).toBe('reconciling');
      });
      await admin(sandbox, 'POST', 'clock', { offsetMs: 40_000 });
      const { clientOrderId } = await placing;
      await waitFor(() => expect(w.desk.view(clientOrderId)?.state).toBe('filled'), {
        timeout: 10_000,
      });
      expect(await ordersOf(clientOrderId)).toHaveLength(1);
    });
  });

  describe('a worker restart in the middle', () => {
    async function journaled(area: Area, state: string): Promise<IntentRecord> {
      return waitFor(
        async () => {
          const [record] = await new SessionJournal(area).loadAll();
          if (record?.view.state !== state) throw new Error(`journal says ${record?.view.state}`);
          return record;
        },
        { timeout: 10_000, interval: 5 },
      );
    }

    it('stopped while sending (the request on its way): the next worker finishes it, one order', async () => {
      const area = memoryArea();
      await fault({ kind: 'delay', route: 'POST /orders', delayMs: 300, times: 1 });
      const first = await worker(area);
      void first.desk.place(fakBuy(), 10);
      const record = await journaled(area, 'sending');
      await waitFor(() => expect(first.posts).toBe(1), { interval: 2 });
      first.kill();

      const second = await worker(area);
      second.desk.resumePending();
      const id = record.view.clientOrderId;
      await waitFor(() => expect(second.desk.view(id)?.state).toBe('filled'), {
        timeout: 10_000,
      });
      await waitFor(async () => expect(await ordersOf(id)).toHaveLength(2), { timeout: 10_000 });
      expect(await accepted(id)).toHaveLength(1);
      expect(second.desk.view(id)?.orderId).toBe((await accepted(id))[0]?.id);
    });

    it('stopped while reconciling (the order landed, its answer lost): adopted, one order', async () => {
      const area = memoryArea();
      await fault({
        faults: [
          { kind: 'drop-after', route: 'POST /orders' },
          { kind: 'delay', route: 'POST /orders/status/batch', delayMs: 300, times: 1 },
        ],
      });
      const first = await worker(area);
      void first.desk.place(fokBuy(), 10);
      const record = await journaled(area, 'reconciling');
      first.kill();

      const second = await worker(area);
      second.desk.resumePending();
      const id = record.view.clientOrderId;
      await waitFor(() => expect(second.desk.view(id)?.state).toBe('filled'), {
        timeout: 10_000,
      });
      expect(await ordersOf(id)).toHaveLength(1);
    });

    it('stopped before the first send: the next worker reports a clear failure, none placed', async () => {
      const area = memoryArea();
      await fault({ kind: 'delay', route: 'GET /markets/:slug', delayMs: 300, times: 1 });
      const first = await worker(area);
      void first.desk.place(fakBuy(), 10);
      const record = await journaled(area, 'preparing');
      first.kill();

      const second = await worker(area);
      second.desk.resumePending();
      const view = second.desk.view(record.view.clientOrderId);
      expect(view?.state).toBe('failed');
      expect(view?.summary).toMatch(/Nothing was placed/);
      // The first worker's market request has come back: past it, a send would be on the wire.
      await first.settled();
      expect(first.posts + second.posts).toBe(0);
      expect(await ordersOf(record.view.clientOrderId)).toEqual([]);
    });
  });

  it('a delayed order (taker delay): DELAYED with eligibleAt, then filled by its order events', async () => {
    const w = await worker(memoryArea());
    const live = new LiveConnection({
      wsUrl: sandbox.wsUrl,
      authHeaders: () => w.session.client.http.authHeaders('GET', SOCKET_SIGNED_PATH),
      transports: [Fetch, NodeWebSocket],
    });
    live.on('orderEvent', (event) => w.desk.handleOrderEvent(event));
    live.subscribe('subscribe_order_events', {});
    live.start();
    try {
      await waitFor(() => expect(live.isLive).toBe(true), { timeout: 10_000 });
      await subscribed(sandbox, 101);
      const view = await w.desk.place(fokBuy(ETH));
      expect(view.state).toBe('delayed');
      expect(Date.parse(view.eligibleAt ?? '')).toBeGreaterThan(Date.parse('2026-01-01'));
      await waitFor(() => expect(w.desk.view(view.clientOrderId)?.state).toBe('filled'), {
        timeout: 10_000,
      });
      const [order] = await accepted(view.clientOrderId);
      const final = w.desk.view(view.clientOrderId);
      expect(order?.status).toBe('FILLED');
      // A FOK BUY is sized in money: what the events counted matches what it spent.
      expect(final?.filledCollateralRaw).toBe(order?.filledSize);
      expect(BigInt(final?.filledContractsRaw ?? '0')).toBeGreaterThan(0n);
      expect(
        w.changes.filter((c) => c.clientOrderId === view.clientOrderId).map((c) => c.state),
      ).not.toContain('resting');
    } finally {
      live.stop();
    }
  });
  describe('post-only orders from the book, on a market with a taker delay', () => {
    const postOnlyBuy = (price: string): PlaceSpec => ({
      marketSlug: ETH,
      marketTitle: ETH,
      outcome: 'YES',
      amounts: { orderType: 'GTC', side: 'BUY', price, contracts: 10n * C },
      notionalRaw: 1n * C,
      confirmed: true,
      postOnly: true,
    });

    it('one that does not cross rests at once: the taker delay never holds it', async () => {
      const w = await worker(memoryArea());
      const view = await w.desk.place(postOnlyBuy('0.05'));
      expect(view.state).toBe('resting');
      expect(view.eligibleAt).toBeNull();
      const [order] = await accepted(view.clientOrderId);
      expect(order?.status).toBe('OPEN');
    });

    it('one that would cross is refused by the exchange, in one sentence, and nothing rests', async () => {
      const w = await worker(memoryArea());
      const view = await w.desk.place(postOnlyBuy('0.99'));
      expect(view.state).toBe('rejected');
      expect(view.error).toEqual({
        kind: 'unavailable',
        message:
          'Not placed: a post-only buy of YES at 99¢ would cross the book. Pick a lower bid.',
      });
      expect(await accepted(view.clientOrderId)).toEqual([]);
      expect(w.posts).toBe(1);
    });
  });
});

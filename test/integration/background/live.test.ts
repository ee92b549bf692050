import { Fetch, NodeWebSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderEvent, SOCKET_SIGNED_PATH } from '../../../lib/core/api/events';
import { ServerClock } from '../../../lib/core/client/clock';
import { ExchangeClient } from '../../../lib/core/client/exchange-client';
import { RequestSigner } from '../../../lib/core/client/hmac';
import { LiveConnection, type LiveOptions, type ServerEvents } from '../../../lib/live/connection';
import type { ConnectionState } from '../../../lib/protocol/views';
import type { RunningSandbox } from '../../../sandbox/index';
import { waitFor } from '../../wait';
import { account, admin, buildOrder, clientFor, startTestSandbox, subscribed } from '../helpers';

const BTC = 'sandbox-btc-100k';
const C = 1_000_000n;
/** Node 20 has no global WebSocket: socket.io-client's Node transport stands in for the browser's. */
const TRANSPORTS: NonNullable<LiveOptions['transports']> = [Fetch, NodeWebSocket];

interface Handshake {
  timestamp: string;
  at: number;
}

describe('LiveConnection against the sandbox', () => {
  let sandbox: RunningSandbox;
  const live: LiveConnection[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());
  afterEach(async () => {
    for (const c of live.splice(0)) c.stop();
    await admin(sandbox, 'DELETE', 'faults');
    await admin(sandbox, 'POST', 'clock', { offsetMs: 0 });
  });

  /** Signs every handshake with the account's token through the real HTTP transport. */
  async function signedBy(label: string, clock = new ServerClock()) {
    const a = await account(sandbox, label);
    if (!a.tokenId || !a.secret) throw new Error(`${label} has no token`);
    const client = new ExchangeClient({
      baseUrl: sandbox.apiUrl,
      signer: await RequestSigner.create(a.tokenId, a.secret),
      clock,
    });
    const handshakes: Handshake[] = [];
    const authHeaders = async () => {
      const headers = await client.http.authHeaders('GET', SOCKET_SIGNED_PATH);
      handshakes.push({ timestamp: headers['svc-timestamp'], at: clock.now() });
      return headers;
    };
    return { authHeaders, handshakes };
  }

  function connect(authHeaders: LiveOptions['authHeaders']) {
    const connection = new LiveConnection({
      wsUrl: sandbox.wsUrl,
      authHeaders,
      transports: TRANSPORTS,
      reconnect: { baseMs: 20, maxMs: 80 },
      connectTimeoutMs: 2_000,
    });
    live.push(connection);
    const states: ConnectionState[] = [];
    const connects: { authenticated: boolean; reconnect: boolean }[] = [];
    connection.onState((s) => states.push(s));
    connection.onConnect((info) => connects.push(info));
    return { connection, states, connects };
  }

  function record<K extends keyof ServerEvents>(connection: LiveConnection, name: K) {
    const events: ServerEvents[K][] = [];
    connection.on(name, (e) => events.push(e));
    return events;
  }

  const fakBuy = async (label = 'alice') => {
    const client = await clientFor(sandbox, label);
    const built = await buildOrder(sandbox, label, {
      market: BTC,
      amounts: { orderType: 'FAK', side: 'BUY', price: '0.65', contracts: 10n * C },
    });
    return client.placeOrder(built.json);
  };

  const waitLive = (connection: LiveConnection) =>
    waitFor(() => expect(connection.state.status).toBe('live'), { timeout: 10_000 });

  it('a signed handshake is accepted and authenticated subscriptions deliver events', async () => {
    const { authHeaders, handshakes } = await signedBy('alice');
    const { connection, connects } = connect(authHeaders);
    const orderEvents = record(connection, 'orderEvent');
    const exceptions = record(connection, 'exception');
    connection.subscribe('subscribe_order_events', {});
    connection.start();
    await waitLive(connection);
    await subscribed(sandbox, 101);
    expect(connection.state).toMatchObject({ status: 'live', authenticated: true });
    expect(connects).toEqual([{ authenticated: true, reconnect: false }]);
    expect(handshakes).toHaveLength(1);

    const placed = await fakBuy();
    await waitFor(() =>
      expect(orderEvents.some((e) => e.source === 'OME' && e.orderId === placed.order.id)).toBe(
        true,
      ),
    );
    expect(exceptions).toEqual([]);
  });

  it('a bad secret gets an exception, and the loop keeps retrying with freshly signed headers', async () => {
    const a = await account(sandbox, 'alice');
    const wrong = await RequestSigner.create(
      a.tokenId ?? '',
      Buffer.alloc(32, 7).toString('base64'),
    );
    const right = await RequestSigner.create(a.tokenId ?? '', a.secret ?? '');
    const use = { signer: wrong };
    const stamps: string[] = [];
    let tick = 0;
    const { connection } = connect(async () => {
      // Each attempt signs anew (a distinct timestamp each time, within server-time skew).
      const headers = await use.signer.headers(
        new Date(Date.now() + tick++).toISOString(),
        'GET',
        SOCKET_SIGNED_PATH,
        '',
      );
      stamps.push(headers['svc-timestamp']);
      return headers;
    });
    const exceptions = record(connection, 'exception');
    connection.subscribe('subscribe_order_events', {});
    connection.start();

    await waitFor(() => expect(exceptions.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(exceptions[0]?.message).toMatch(/Authentication failed: Invalid request signature/);
    expect(new Set(stamps).size).toBe(stamps.length);
    // The UIs are told the exchange refused, in its words, and when the next attempt comes.
    await waitFor(() =>
      expect(connection.state).toMatchObject({
        status: 'error',
        reason: expect.stringMatching(
          /^The exchange refused the connection: Authentication failed: Invalid request signature/,
        ),
        nextAttemptAt: expect.any(Number),
      }),
    );

    // The secret is fixed (say, re-entered): the very next attempt gets through.
    use.signer = right;
    await waitLive(connection);
    await subscribed(sandbox, 101);
    const orderEvents = record(connection, 'orderEvent');
    await fakBuy();
    await waitFor(() => expect(orderEvents.length).toBeGreaterThan(0));
  });

  it('backs off further on each refused handshake instead of hammering the server', async () => {
    const a = await account(sandbox, 'alice');
    const wrong = await RequestSigner.create(
      a.tokenId ?? '',
      Buffer.alloc(32, 7).toString('base64'),
    );
    const { connection, states } = connect(() =>
      Promise.resolve(wrong.headers(new Date().toISOString(), 'GET', SOCKET_SIGNED_PATH, '')),
    );
    connection.start();
    await waitFor(
      () => expect(states.filter((s) => s.status === 'error').length).toBeGreaterThanOrEqual(4),
      { timeout: 10_000 },
    );
    const attempts = states.flatMap((s) => (s.status === 'error' ? [s.attempt] : []));
    // Attempt numbers grow: a connect the server refuses does not reset the backoff.
    expect(attempts.slice(0, 4)).toEqual([1, 2, 3, 4]);
  });

  it('after the sandbox drops every socket, it reconnects and replays every subscription', async () => {
    const { authHeaders, handshakes } = await signedBy('alice');
    const { connection, connects } = connect(authHeaders);
    const books = record(connection, 'orderbookUpdate');
    const positions = record(connection, 'positions');
    const orderEvents = record(connection, 'orderEvent');
    const txs = record(connection, 'tx');
    connection.subscribe('subscribe_market_prices', { marketSlugs: [BTC] });
    connection.subscribe('subscribe_positions', {});
    connection.subscribe('subscribe_order_events', {});
    connection.subscribe('subscribe_transactions', {});
    connection.start();
    await waitLive(connection);
    await waitFor(() => expect(books.length).toBeGreaterThan(0));

    await admin(sandbox, 'POST', 'faults', { kind: 'disconnect-sockets' });
    await waitFor(() => expect(connects).toHaveLength(2), { timeout: 10_000 });
    expect(connects[1]).toEqual({ authenticated: true, reconnect: true });
    expect(handshakes).toHaveLength(2);
    expect(handshakes[1]?.timestamp).not.toBe(handshakes[0]?.timestamp);
    await subscribed(sandbox, 101, 'transactions');

    // Every channel delivers again: the server forgot them, the client asked again.
    const marks = {
      books: books.length,
      positions: positions.length,
      orderEvents: orderEvents.length,
      txs: txs.length,
    };
    await fakBuy();
    await waitFor(
      () => {
        expect(books.length).toBeGreaterThan(marks.books);
        expect(positions.length).toBeGreaterThan(marks.positions);
        expect(orderEvents.length).toBeGreaterThan(marks.orderEvents);
        expect(txs.length).toBeGreaterThan(marks.txs);
      },
      { timeout: 10_000 },
    );
  });

  it('retryNow: a subscription a hung server dropped is said again once it answers', async () => {
    const { connection } = connect(async () => null);
    const books = record(connection, 'orderbookUpdate');
    connection.start();
    await waitLive(connection);
    sandbox.outage.hang();
    const ignored = sandbox.outage.ignoredEvents;
    connection.subscribe('subscribe_market_prices', { marketSlugs: [BTC] });
    await waitFor(() => expect(sandbox.outage.ignoredEvents).toBe(ignored + 1));
    await sandbox.outage.resume();
    expect(sandbox.subscriptions().flatMap((s) => s.prices)).toEqual([]);
    // What the background does when its heartbeat is answered again (app.ts).
    connection.retryNow();
    await waitFor(() => expect(books.map((b) => b.marketSlug)).toContain(BTC));
    expect(connection.state.status).toBe('live');
  });

  it('re-signs after 40 s of disconnection: a fresh timestamp, accepted by the server', async () => {
    // The client's clock and the sandbox's both move 40 s ahead while the socket is down.
    const shift = { ms: 0 };
    const clock = new ServerClock(() => Date.now() + shift.ms);
    const { authHeaders, handshakes } = await signedBy('alice', clock);
    const { connection, connects } = connect(authHeaders);
    const orderEvents = record(connection, 'orderEvent');
    const exceptions = record(connection, 'exception');
    connection.subscribe('subscribe_order_events', {});
    connection.start();
    await waitLive(connection);

    await admin(sandbox, 'POST', 'clock', { offsetMs: 40_000 });
    shift.ms = 40_000;
    await admin(sandbox, 'POST', 'faults', { kind: 'disconnect-sockets' });
    await waitFor(() => expect(connects).toHaveLength(2), { timeout: 10_000 });
    await waitLive(connection);

    const [first, second] = handshakes;
    expect(
      Date.parse(second?.timestamp ?? '') - Date.parse(first?.timestamp ?? ''),
    ).toBeGreaterThanOrEqual(40_000);
    expect(exceptions).toEqual([]);
    await fakBuy();
    await waitFor(() => expect(orderEvents.length).toBeGreaterThan(0));
  });

  it('(control) the same reconnect with the first headers reused is refused', async () => {
    const { authHeaders } = await signedBy('alice');
    let first: Record<string, string> | null = null;
    const { connection, connects } = connect(async () => {
      first ??= await authHeaders();
      return first;
    });
    const exceptions = record(connection, 'exception');
    connection.start();
    await waitLive(connection);

    await admin(sandbox, 'POST', 'clock', { offsetMs: 40_000 });
    await admin(sandbox, 'POST', 'faults', { kind: 'disconnect-sockets' });
    await waitFor(() => expect(exceptions.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(exceptions[0]?.message).toMatch(/away from server time/);
    expect(connects.every((c) => c.authenticated)).toBe(true);
  });

  it('delivers each order event once when the sandbox sends every one twice', async () => {
    await admin(sandbox, 'POST', 'faults', { kind: 'duplicate-order-events', enabled: true });
    const { authHeaders } = await signedBy('alice');
    const { connection } = connect(authHeaders);
    const orderEvents = record(connection, 'orderEvent');
    connection.subscribe('subscribe_order_events', {});
    connection.start();
    await waitLive(connection);
    await subscribed(sandbox, 101);

    // A raw listener on the same socket sees what the server really sent.
    const raw: string[] = [];
    const socket = (
      connection as unknown as { socket: { on(n: string, l: (e: unknown) => void): void } }
    ).socket;
    socket.on('orderEvent', (e) => raw.push(OrderEvent.parse(e).eventId));

    await fakBuy();
    await waitFor(
      () =>
        expect(orderEvents.some((e) => e.source === 'SETTLEMENT' && e.type === 'MINED')).toBe(true),
      { timeout: 10_000 },
    );
    await waitFor(() => expect(raw.length).toBe(orderEvents.length * 2));
    const ids = orderEvents.map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(raw).size).toBe(ids.length);
  });
});

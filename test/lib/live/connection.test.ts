import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { Fetch, NodeWebSocket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveConnection, type LiveOptions } from '../../../lib/live/connection';
import { waitFor } from '../../wait';
import * as ex from '../core/api/examples';

/** A bare Socket.IO server on a free port: it records what clients send and emits on demand. */
interface TestServer {
  url: string;
  sockets: ServerSocket[];
  received: { channel: string; payload: unknown }[];
  handshakes: Record<string, string | string[] | undefined>[];
  close(): Promise<void>;
}

async function testServer(): Promise<TestServer> {
  const http: HttpServer = createServer();
  const io = new Server(http);
  const server: TestServer = {
    url: '',
    sockets: [],
    received: [],
    handshakes: [],
    close: async () => {
      io.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
  io.of('/markets').on('connection', (socket) => {
    server.sockets.push(socket);
    server.handshakes.push(socket.handshake.headers);
    socket.onAny((channel: string, payload: unknown) => server.received.push({ channel, payload }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}

const orderEvent = (eventId: string) => ({
  source: 'OME',
  type: 'PLACEMENT',
  eventId,
  orderId: ex.ORDER_ID,
  clientOrderId: 'c-1',
  marketSlug: 'm',
  tokenId: '1',
  side: 'BUY',
  price: 0.5,
  remainingSize: '1000000',
  reason: null,
  occurredAt: '2026-11-22T08:00:00.000Z',
});

describe('LiveConnection', () => {
  let server: TestServer;
  const connections: LiveConnection[] = [];

  beforeEach(async () => {
    server = await testServer();
  });
  afterEach(async () => {
    for (const c of connections.splice(0)) c.stop();
    await server.close();
  });

  function connect(
    authHeaders: LiveOptions['authHeaders'] = async () => null,
    transports: LiveOptions['transports'] = [Fetch, NodeWebSocket],
  ) {
    const c = new LiveConnection({
      wsUrl: `${server.url}/`,
      authHeaders,
      transports,
      reconnect: { baseMs: 10, maxMs: 20 },
    });
    connections.push(c);
    return c;
  }
  const live = (c: LiveConnection) => waitFor(() => expect(c.isLive).toBe(true));

  it('connects in public mode without headers when there is no session', async () => {
    const c = connect();
    c.start();
    await live(c);
    expect(c.state).toMatchObject({ status: 'live', authenticated: false });
    expect(server.handshakes[0]?.['svc-api-key']).toBeUndefined();
  });

  it('carries the signed headers of each attempt on the handshake', async () => {
    let n = 0;
    const c = connect(async () => ({ 'svc-api-key': 'tok', 'svc-timestamp': `t-${++n}` }));
    c.start();
    await live(c);
    expect(c.state).toMatchObject({ authenticated: true });
    server.sockets[0]?.disconnect(true);
    await waitFor(() => expect(server.handshakes).toHaveLength(2));
    expect(server.handshakes.map((h) => h['svc-timestamp'])).toEqual(['t-1', 't-2']);
  });

  it('sends subscriptions on connect, a changed one at once, an unchanged one never twice', async () => {
    const c = connect();
    c.subscribe('subscribe_market_prices', { marketSlugs: ['a'] });
    c.start();
    await live(c);
    await waitFor(() => expect(server.received).toHaveLength(1));
    c.subscribe('subscribe_market_prices', { marketSlugs: ['a'] });
    c.subscribe('subscribe_market_prices', { marketSlugs: ['a', 'b'] });
    await waitFor(() => expect(server.received).toHaveLength(2));
    expect(server.received).toEqual([
      { channel: 'subscribe_market_prices', payload: { marketSlugs: ['a'] } },
      { channel: 'subscribe_market_prices', payload: { marketSlugs: ['a', 'b'] } },
    ]);
  });

  it('replays the wished subscriptions after a reconnect, and not a forgotten one', async () => {
    const c = connect();
    c.subscribe('subscribe_market_prices', { marketSlugs: ['a'] });
    c.subscribe('subscribe_order_events', {});
    c.start();
    await live(c);
    c.subscribe('subscribe_order_events', null);
    server.received.length = 0;
    server.sockets[0]?.disconnect(true);
    await waitFor(() => expect(server.sockets).toHaveLength(2));
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]?.channel).toBe('subscribe_market_prices');
  });

  it('parses every event: a malformed one is counted, never delivered', async () => {
    const c = connect();
    const got: string[] = [];
    c.on('orderEvent', (e) => got.push(e.eventId));
    c.start();
    await live(c);
    const socket = server.sockets[0];
    socket?.emit('orderEvent', { ...orderEvent('bad'), source: 'NOPE' });
    socket?.emit('orderEvent', orderEvent('good'));
    await waitFor(() => expect(got).toEqual(['good']));
    expect(c.invalidEvents).toBe(1);
  });

  it('delivers an order event once per eventId and a book update every time', async () => {
    const c = connect();
    const events: string[] = [];
    let books = 0;
    c.on('orderEvent', (e) => events.push(e.eventId));
    c.on('orderbookUpdate', () => books++);
    c.start();
    await live(c);
    const socket = server.sockets[0];
    const book = {
      marketSlug: 'm',
      orderbook: ex.orderbook(),
      timestamp: '2026-11-22T08:00:00.000Z',
    };
    for (const id of ['e1', 'e1', 'e2', 'e1']) socket?.emit('orderEvent', orderEvent(id));
    socket?.emit('orderbookUpdate', book);
    socket?.emit('orderbookUpdate', book);
    await waitFor(() => expect(books).toBe(2));
    expect(events).toEqual(['e1', 'e2']);
  });

  it('refuses a malformed book update and counts it by reason; the next good one goes through', async () => {
    const c = connect();
    const asks: string[] = [];
    c.on('orderbookUpdate', (e) => asks.push(e.orderbook.asks[0]?.size ?? ''));
    c.start();
    await live(c);
    const socket = server.sockets[0];
    const book = ex.orderbook();
    const update = (orderbook: unknown) => ({
      marketSlug: 'm',
      orderbook,
      timestamp: '2026-11-22T08:00:00.000Z',
    });
    socket?.emit('orderbookUpdate', update({ ...book, asks: [{ price: 0.56, size: -1 }] }));
    socket?.emit('orderbookUpdate', update({ ...book, bids: [...book.bids].reverse() }));
    socket?.emit('orderbookUpdate', 'garbage');
    socket?.emit('orderbookUpdate', update(book));
    await waitFor(() => expect(asks).toEqual(['800000000']));
    expect(c.invalidEvents).toBe(3);
    expect(Object.fromEntries(c.invalidReasons)).toEqual({
      'orderbookUpdate: orderbook.asks[0].size: not a raw amount': 1,
      'orderbookUpdate: orderbook.bids: out of order': 1,
      'orderbookUpdate: not an object': 1,
    });
  });

  // On the WebSocket alone, book frames skip Socket.IO's decoding (book-frames.ts) while
  // the events between them still go through it: the order holds all the same.
  it.each([
    ['polling, then the WebSocket', [Fetch, NodeWebSocket]],
    ['the WebSocket alone', [NodeWebSocket]],
  ] as const)(
    'order events among a flood of book updates (%s): every book delivered, in order, no event lost or merged',
    async (_, transports) => {
      const c = connect(undefined, [...transports]);
      const seen: string[] = [];
      c.on('orderEvent', (e) => seen.push(`event ${e.eventId}`));
      c.on('orderbookUpdate', (e) => seen.push(`book ${e.orderbook.asks[0]?.size}`));
      c.start();
      await live(c);
      const socket = server.sockets[0];
      const sent: string[] = [];
      for (let i = 0; i < 300; i++) {
        const book = ex.orderbook();
        const asks = book.asks.map((l, j) => (j === 0 ? { ...l, size: String(i) } : l));
        socket?.emit('orderbookUpdate', {
          marketSlug: 'm',
          orderbook: { ...book, asks },
          timestamp: '2026-11-22T08:00:00.000Z',
        });
        sent.push(`book ${i}`);
        if (i % 7 === 0) {
          socket?.emit('orderEvent', orderEvent(`e${i}`));
          sent.push(`event e${i}`);
        }
      }
      await waitFor(() => expect(seen).toHaveLength(sent.length));
      expect(seen).toEqual(sent);
    },
  );

  it('a book frame whose JSON is broken is refused and counted; the connection stays up', async () => {
    const c = connect(undefined, [NodeWebSocket]);
    const sizes: string[] = [];
    c.on('orderbookUpdate', (e) => sizes.push(e.orderbook.asks[0]?.size ?? ''));
    const states: string[] = [];
    c.onState((s) => states.push(s.status));
    c.start();
    await live(c);
    const socket = server.sockets[0];
    // Written below Socket.IO, as a server with a broken encoder would send it.
    socket?.conn.write('2/markets,["orderbookUpdate",{"marketSlug":"m","orderbook":');
    socket?.emit('orderbookUpdate', {
      marketSlug: 'm',
      orderbook: ex.orderbook(),
      timestamp: '2026-11-22T08:00:00.000Z',
    });
    await waitFor(() => expect(sizes).toEqual(['800000000']));
    expect(c.invalidEvents).toBe(1);
    expect(Object.fromEntries(c.invalidReasons)).toEqual({ 'orderbookUpdate: not JSON': 1 });
    expect(states).toEqual(['connecting', 'live']);
    expect(server.sockets).toHaveLength(1);
  });

  it('a listener that throws does not starve the others', async () => {
    const c = connect();
    const got: string[] = [];
    c.on('orderEvent', () => {
      throw new Error('broken consumer');
    });
    c.on('orderEvent', (e) => got.push(e.eventId));
    c.start();
    await live(c);
    server.sockets[0]?.emit('orderEvent', orderEvent('e1'));
    await waitFor(() => expect(got).toEqual(['e1']));
  });

  it('says why it is reconnecting when the handshake cannot be signed, and tries again', async () => {
    let fail = true;
    const c = connect(async () => {
      if (fail) throw new Error('vault locked mid-way');
      return null;
    });
    const reasons: string[] = [];
    c.onState((s) => {
      if (s.status === 'reconnecting') reasons.push(s.reason);
    });
    c.start();
    await waitFor(() => expect(reasons.length).toBeGreaterThan(0));
    expect(reasons[0]).toBe('vault locked mid-way');
    fail = false;
    await live(c);
  });

  it('stops for good: idle, and no reconnect after the server drops it', async () => {
    const c = connect();
    c.start();
    await live(c);
    c.stop();
    expect(c.state).toEqual({ status: 'idle' });
    await waitFor(() => expect(server.sockets[0]?.connected).toBe(false));
    // Nothing is scheduled to bring it back: no reconnect timer, still idle, one socket ever.
    expect((c as unknown as { timer: unknown }).timer).toBeNull();
    expect(server.sockets).toHaveLength(1);
    expect(c.state).toEqual({ status: 'idle' });
  });
});

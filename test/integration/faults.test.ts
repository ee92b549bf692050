import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptRecord } from '../../lib/core/client/http';
import { FaultsBody } from '../../sandbox/faults';
import type { RunningSandbox } from '../../sandbox/index';
import { waitFor } from '../wait';
import {
  admin,
  buildOrder,
  clientFor,
  freshClientOrderId,
  rejectionOf,
  startTestSandbox,
} from './helpers';

const BTC = 'sandbox-btc-100k';
const C = 1_000_000n;

describe('injected faults, as the client sees them', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());
  afterEach(() => admin(sandbox, 'DELETE', 'faults'));

  const fault = (f: FaultsBody) => admin(sandbox, 'POST', 'faults', FaultsBody.parse(f));
  const restingOrder = (clientOrderId = freshClientOrderId()) =>
    buildOrder(sandbox, 'alice', {
      market: BTC,
      amounts: { orderType: 'GTC', side: 'BUY', price: '0.05', contracts: 5n * C },
      clientOrderId,
    });

  it('status-before: the next N requests answer the status; a retrying client gets through', async () => {
    await fault({ kind: 'status-before', route: 'GET /profiles/me', status: 503, times: 2 });
    const attempts: AttemptRecord[] = [];
    const client = await clientFor(sandbox, 'alice', {
      retry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 1 },
      onAttempt: (a) => attempts.push(a),
    });
    expect((await client.getMyProfile()).displayName).toBe('Alice');
    expect(attempts.map((a) => a.status)).toEqual([503, 503, 200]);
  });

  it('status-before 429 carries Retry-After', async () => {
    await fault({ kind: 'status-before', route: 'GET /markets/:slug', status: 429, retryAfter: 2 });
    const client = await clientFor(sandbox, 'alice');
    expect(await rejectionOf(client.getMarket(BTC))).toEqual({
      kind: 'rate-limited',
      retryAfterMs: 2000,
    });
    expect((await client.getMarket(BTC)).slug).toBe(BTC);
  });

  it('status-after: the order is accepted but the client sees a 500', async () => {
    await fault({ kind: 'status-after', route: 'POST /orders', status: 500 });
    const client = await clientFor(sandbox, 'alice');
    const clientOrderId = freshClientOrderId();
    const built = await restingOrder(clientOrderId);
    expect((await rejectionOf(client.placeOrder(built.json))).kind).toBe('server');
    const [status] = await client.orderStatuses({ clientOrderIds: [clientOrderId] });
    expect(status?.status).toBe('OPEN');
  });

  it('status-after then a retry of the same bytes: 409, the first attempt landed', async () => {
    await fault({ kind: 'status-after', route: 'POST /orders', status: 502 });
    const client = await clientFor(sandbox, 'alice', {
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const built = await restingOrder();
    expect((await rejectionOf(client.placeOrder(built.json))).kind).toBe('conflict');
    expect(await client.getUserOrders(BTC)).toHaveLength(1);
  });

  it('drop-after: the request is handled and the connection dropped before the answer', async () => {
    await fault({ kind: 'drop-after', route: 'POST /orders' });
    const client = await clientFor(sandbox, 'alice');
    const clientOrderId = freshClientOrderId();
    const info = await rejectionOf(client.placeOrder((await restingOrder(clientOrderId)).json));
    expect(info.kind).toBe('network');
    const [status] = await client.orderStatuses({ clientOrderIds: [clientOrderId] });
    expect(status?.status).toBe('OPEN');
  });

  it('delay: a client with a shorter timeout gives up; its request is dropped unhandled', async () => {
    await fault({ kind: 'delay', route: 'POST /orders/cancel', delayMs: 400 });
    const client = await clientFor(sandbox, 'alice', { timeoutMs: 100 });
    const placed = await client.placeOrder((await restingOrder()).json);
    const info = await rejectionOf(client.cancelOrder({ orderId: placed.order.id }));
    expect(info).toMatchObject({ kind: 'network', timedOut: true });
    await waitFor(async () =>
      expect(await admin(sandbox, 'GET', 'faults')).toMatchObject({ dropped: 1 }),
    );
    const [status] = await client.orderStatuses({ orderIds: [placed.order.id] });
    expect(status?.status).toBe('OPEN');
  });

  it('receive-window: a 425 the client reads as a receive-window refusal', async () => {
    await fault({ kind: 'receive-window', route: 'POST /orders' });
    const client = await clientFor(sandbox, 'alice');
    expect((await rejectionOf(client.placeOrder((await restingOrder()).json))).kind).toBe(
      'receive-window',
    );
    expect(await client.getUserOrders(BTC)).toEqual([]);
  });

  it('routes match by pattern, and a probability of 0 never fires', async () => {
    await fault({
      faults: [
        { kind: 'status-before', route: 'DELETE /orders/:orderId', status: 500 },
        { kind: 'status-before', route: '* /profiles/me', status: 500, probability: 0 },
      ],
    });
    const client = await clientFor(sandbox, 'alice');
    const placed = await client.placeOrder((await restingOrder()).json);
    expect((await rejectionOf(client.deleteOrder(placed.order.id))).kind).toBe('server');
    expect((await client.getMyProfile()).displayName).toBe('Alice');
  });

  it('DELETE /__sandbox/faults clears every rule', async () => {
    await fault({ kind: 'status-before', route: 'GET /profiles/me', status: 500, times: 5 });
    await admin(sandbox, 'DELETE', 'faults');
    const client = await clientFor(sandbox, 'alice');
    expect((await client.getMyProfile()).displayName).toBe('Alice');
  });

  it('an invalid fault body is a validation error', async () => {
    const res = await fetch(`${sandbox.apiUrl}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'status-before', route: 'orders', status: 200 }),
    });
    expect(res.status).toBe(400);
  });
});

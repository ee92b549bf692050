import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CancelBatchResponse, OrderStatuses } from '../../lib/core/api/orders';
import { errorSentence } from '../../lib/core/client/errors';
import type { ExchangeClient } from '../../lib/core/client/exchange-client';
import type { RunningSandbox } from '../../sandbox/index';
import { eventually } from '../wait';
import {
  account,
  admin,
  buildOrder,
  clientFor,
  freshClientOrderId,
  rejectionOf,
  signedFetch,
  startTestSandbox,
} from './helpers';

const BTC = 'sandbox-btc-100k';
const C = 1_000_000n;
const gtc = (side: 'BUY' | 'SELL', price: string, contracts: bigint) =>
  ({ orderType: 'GTC', side, price, contracts }) as const;

describe('cancellation', () => {
  let sandbox: RunningSandbox;
  let alice: ExchangeClient;

  beforeAll(async () => {
    // Long enough that a delayed order is still held when the next request arrives, even
    // on a loaded machine (150 ms, the folder's default, was not).
    sandbox = await startTestSandbox({ takerDelayMs: 1_000 });
    alice = await clientFor(sandbox, 'alice');
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  /** A resting BUY well below the seeded asks. */
  const rest = async (clientOrderId = freshClientOrderId(), market = BTC) =>
    alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market,
          amounts: gtc('BUY', '0.05', 5n * C),
          clientOrderId,
        })
      ).json,
    );

  it('cancels a resting order by orderId and takes it off the book', async () => {
    const placed = await rest();
    expect(await alice.cancelOrder({ orderId: placed.order.id })).toEqual({
      message: 'Order canceled successfully',
    });
    expect(await alice.getUserOrders(BTC)).toEqual([]);
  });

  it('cancels by clientOrderId', async () => {
    const clientOrderId = freshClientOrderId();
    await rest(clientOrderId);
    expect((await alice.cancelOrder({ clientOrderId })).message).toBe(
      'Order canceled successfully',
    );
  });

  it('cancels a delayed order before it reaches the engine', async () => {
    const placed = await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: 'sandbox-eth-flip',
          amounts: { orderType: 'FAK', side: 'BUY', price: '0.6', contracts: 5n * C },
        })
      ).json,
    );
    expect(placed.execution.settlementStatus).toBe('DELAYED');
    expect((await alice.cancelOrder({ orderId: placed.order.id })).message).toBe(
      'Delayed order canceled successfully',
    );
    // Past the moment it would have been released: it stays cancelled.
    const eligibleAt = Date.parse(placed.execution.eligibleAt ?? '');
    await eventually(() => sandbox.core.clock.now() > eligibleAt + 100);
    const [status] = await alice.orderStatuses({ orderIds: [placed.order.id] });
    expect(status?.status).toBe('CANCELED');
  });

  it('400 when both or neither identifier is sent', async () => {
    const placed = await rest();
    for (const body of [{}, { orderId: placed.order.id, clientOrderId: 'x' }]) {
      const res = await signedFetch(
        sandbox,
        'alice',
        'POST',
        '/orders/cancel',
        JSON.stringify(body),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(Array.isArray((res.body as { message: unknown }).message)).toBe(true);
    }
  });

  it('400 "Order not found or already canceled" for an order that can no longer be cancelled', async () => {
    const placed = await rest();
    await alice.cancelOrder({ orderId: placed.order.id });
    const info = await rejectionOf(alice.cancelOrder({ orderId: placed.order.id }));
    expect(info).toMatchObject({
      kind: 'rejected',
      status: 400,
      message: 'Order not found or already canceled',
    });
    const fak = await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType: 'FAK', side: 'BUY', price: '0.63', contracts: 5n * C },
        })
      ).json,
    );
    const again = await rejectionOf(alice.cancelOrder({ orderId: fak.order.id }));
    expect(again.kind === 'rejected' && again.message).toBe('Order not found or already canceled');
  });

  it('400 for an order of a resolved market', async () => {
    const placed = await rest(freshClientOrderId(), 'sandbox-fed-hike');
    sandbox.core.resolveMarket('sandbox-fed-hike', 1);
    const info = await rejectionOf(alice.cancelOrder({ orderId: placed.order.id }));
    expect(info.kind === 'rejected' && info.message).toMatch(/resolved/);
  });

  it('401 when the order belongs to another profile, said as such (not as a refused token)', async () => {
    const placed = await rest();
    const bob = await clientFor(sandbox, 'bob');
    const info = await rejectionOf(bob.cancelOrder({ orderId: placed.order.id }));
    expect(info).toMatchObject({ kind: 'unauthenticated', reason: 'order-owner' });
    expect(errorSentence(info)).toMatch(/^That order belongs to another profile/);
    const viaDelete = await rejectionOf(bob.deleteOrder(placed.order.id));
    expect(viaDelete).toMatchObject({ kind: 'unauthenticated', reason: 'order-owner' });
  });

  it('403 without the trading scope, and for onBehalfOf without delegated_signing', async () => {
    const placed = await rest();
    const carol = await clientFor(sandbox, 'readonly');
    expect((await rejectionOf(carol.cancelOrder({ orderId: placed.order.id }))).kind).toBe(
      'forbidden',
    );
    const sub = await account(sandbox, 'sub-1');
    expect(
      (
        await rejectionOf(
          alice.cancelOrder({ orderId: placed.order.id }, { onBehalfOf: sub.profileId }),
        )
      ).kind,
    ).toBe('forbidden');
  });

  it('404 when no order resolves from the id', async () => {
    const info = await rejectionOf(
      alice.cancelOrder({ orderId: '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b' }),
    );
    expect(info.kind).toBe('not-found');
    expect((await rejectionOf(alice.cancelOrder({ clientOrderId: 'never-used' }))).kind).toBe(
      'not-found',
    );
  });

  it('425 when trading is disabled; allowed in post_only and cancel_only', async () => {
    const a = await rest();
    const b = await rest();
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'disabled', resumeAt: null });
    expect(await rejectionOf(alice.cancelOrder({ orderId: a.order.id }))).toMatchObject({
      kind: 'trading-mode',
      code: 'trading_disabled',
    });
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'cancel_only', resumeAt: null });
    expect((await alice.cancelOrder({ orderId: a.order.id })).message).toBe(
      'Order canceled successfully',
    );
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'post_only', resumeAt: null });
    expect((await alice.cancelOrder({ orderId: b.order.id })).message).toBe(
      'Order canceled successfully',
    );
  });

  it('DELETE /orders/:orderId cancels by internal id', async () => {
    const placed = await rest();
    expect((await alice.deleteOrder(placed.order.id)).message).toBe('Order canceled successfully');
    expect((await rejectionOf(alice.deleteOrder(placed.order.id))).kind).toBe('rejected');
  });

  it('DELETE /orders/:orderId with an id that is not a UUID is 404: no order resolves from it', async () => {
    const info = await rejectionOf(alice.deleteOrder('not-a-uuid'));
    expect(info).toMatchObject({ kind: 'not-found', message: 'Order not found' });
    // The same for a well-formed id that names no order.
    expect(
      (await rejectionOf(alice.deleteOrder('7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b'))).kind,
    ).toBe('not-found');
  });

  it('batch cancel reports canceled ids and ORDER_NOT_FOUND failures', async () => {
    const a = await rest();
    const b = await rest();
    const unknown = '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b';
    const res = await alice.cancelBatch([a.order.id, b.order.id, unknown]);
    expect(CancelBatchResponse.parse(res)).toMatchObject({
      message: 'Orders canceled successfully',
      canceled: [a.order.id, b.order.id],
      failed: [
        {
          orderId: unknown,
          reason: 'ORDER_NOT_FOUND',
          message: 'Order not found or already canceled',
        },
      ],
    });
  });

  it('batch cancel with an empty list is a validation body', async () => {
    const res = await signedFetch(
      sandbox,
      'alice',
      'POST',
      '/orders/cancel-batch',
      '{"orderIds":[]}',
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: [{ field: 'orderIds', message: 'orderIds must not be empty' }],
      error: 'Bad Request',
      statusCode: 400,
    });
  });

  it('batch cancel is 425 when trading is disabled', async () => {
    const a = await rest();
    await admin(sandbox, 'POST', 'trading-mode', { mode: 'disabled', resumeAt: null });
    expect((await rejectionOf(alice.cancelBatch([a.order.id]))).kind).toBe('trading-mode');
  });

  it("cancel-all cancels only the caller's orders on that market", async () => {
    const mine = [await rest(), await rest()];
    const elsewhere = await rest(freshClientOrderId(), 'sandbox-fed-cut');
    const bob = await clientFor(sandbox, 'bob');
    const bobs = await bob.placeOrder(
      (await buildOrder(sandbox, 'bob', { market: BTC, amounts: gtc('BUY', '0.5', 5n * C) })).json,
    );
    const res = await alice.cancelAllOnMarket(BTC);
    expect(res.canceled.sort()).toEqual(mine.map((o) => o.order.id).sort());
    expect((await alice.getUserOrders('sandbox-fed-cut')).map((o) => o.id)).toEqual([
      elsewhere.order.id,
    ]);
    expect((await bob.getUserOrders(BTC)).map((o) => o.id)).toEqual([bobs.order.id]);
    expect((await rejectionOf(alice.cancelAllOnMarket('no-such-market'))).kind).toBe('not-found');
  });

  it('status batch reports each state, and UNKNOWN for ids it cannot resolve', async () => {
    const open = await rest();
    const canceled = await rest();
    await alice.cancelOrder({ orderId: canceled.order.id });
    const partial = await alice.placeOrder(
      (await buildOrder(sandbox, 'alice', { market: BTC, amounts: gtc('BUY', '0.63', 500n * C) }))
        .json,
    );
    const filled = await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: { orderType: 'FAK', side: 'SELL', price: '0.61', contracts: 1n * C },
        })
      ).json,
    );
    const delayed = await alice.placeOrder(
      (
        await buildOrder(sandbox, 'alice', {
          market: 'sandbox-eth-flip',
          amounts: { orderType: 'FAK', side: 'BUY', price: '0.6', contracts: 1n * C },
        })
      ).json,
    );
    const bob = await clientFor(sandbox, 'bob');
    const statuses = OrderStatuses.parse(
      await alice.orderStatuses({
        orderIds: [
          open.order.id,
          canceled.order.id,
          partial.order.id,
          filled.order.id,
          delayed.order.id,
          '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b',
        ],
        clientOrderIds: ['nobody-used-this'],
      }),
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'OPEN',
      'CANCELED',
      'PARTIALLY_FILLED',
      'FILLED',
      'DELAYED',
      'UNKNOWN',
      'UNKNOWN',
    ]);
    // Another profile's order is UNKNOWN to bob.
    const [other] = await bob.orderStatuses({ orderIds: [open.order.id] });
    expect(other?.status).toBe('UNKNOWN');
  });
});

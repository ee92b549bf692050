import { describe, expect, it } from 'vitest';
import {
  CANCEL_MESSAGES,
  CancelAllResponse,
  CancelBatchBody,
  CancelBatchResponse,
  CancelOrderBody,
  CancelResponse,
  Execution,
  MakerMatch,
  OrderPlacementResponse,
  OrderStatusBody,
  OrderStatuses,
  PlacedOrder,
  SETTLEMENT_STATUSES,
  SignedOrderWire,
  UserOrders,
} from '../../../../lib/core/api/orders';
import { SettlementStatus } from '../../../../lib/core/api/user-orders';
import {
  ACCOUNT,
  cancelAllResponse,
  cancelBatchResponse,
  execution,
  ORDER_ID,
  orderStatuses,
  placementResponse,
  userOrder,
  YES_TOKEN,
} from './examples';

const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('OrderPlacementResponse', () => {
  it('accepts a matched placement with its maker matches', () => {
    const parsed = OrderPlacementResponse.parse(placementResponse());
    expect(parsed.order.id).toBe(ORDER_ID);
    expect(parsed.order.side).toBe('BUY');
    expect(parsed.execution.totalsRaw.usdNet).toBe('5500000');
    expect(parsed.makerMatches[0]?.order.side).toBe('SELL');
  });

  it('keeps keys it does not read', () => {
    const raw = { ...placementResponse(), requestId: 'r-1' };
    (raw.execution as Record<string, unknown>).engineLatencyMs = 3;
    const parsed = OrderPlacementResponse.parse(raw);
    expect(parsed).toHaveProperty('requestId', 'r-1');
    expect(parsed.execution).toHaveProperty('engineLatencyMs', 3);
  });

  it('normalises integers sent as numbers or strings to decimal strings', () => {
    const raw = placementResponse();
    const order = { ...raw.order, makerAmount: 5_500_000, nonce: 0, salt: 1234567890 };
    const parsed = PlacedOrder.parse(order);
    expect(parsed).toMatchObject({ makerAmount: '5500000', nonce: '0', salt: '1234567890' });
  });

  it('refuses an integer too large to be exact as a JSON number', () => {
    fails(PlacedOrder, { ...placementResponse().order, tokenId: Number(YES_TOKEN) });
  });

  it('refuses an order id that is not a UUID', () => {
    fails(PlacedOrder, { ...placementResponse().order, id: 'order-1' });
  });

  it('refuses a missing execution or a maker match without its size', () => {
    const { execution: _, ...rest } = placementResponse();
    fails(OrderPlacementResponse, rest);
    const { matchedSize: __, ...match } = placementResponse().makerMatches[0] ?? {};
    fails(MakerMatch, match);
  });
});

describe('Execution and settlementStatus', () => {
  it('accepts every settlementStatus of the spec', () => {
    for (const status of SETTLEMENT_STATUSES) {
      const body =
        status === 'DELAYED'
          ? { ...execution(status), eligibleAt: '2026-11-22T08:15:33.250Z' }
          : execution(status);
      expect(Execution.parse(body).settlementStatus, status).toBe(status);
    }
    expect(SETTLEMENT_STATUSES).toEqual([
      'UNMATCHED',
      'MATCHED',
      'MINED',
      'CONFIRMED',
      'RETRYING',
      'FAILED',
      'DELAYED',
      'CANCELED',
    ]);
  });

  it('a DELAYED order must say when it becomes eligible', () => {
    const result = Execution.safeParse({
      ...execution('DELAYED'),
      matched: false,
      tradeEventId: undefined,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['eligibleAt']);
  });

  it('an STP-rejected taker is CANCELED with its reason; cancelled makers are listed', () => {
    const parsed = Execution.parse({
      ...execution('CANCELED'),
      matched: false,
      reason: 'STP_TAKER_REJECTED',
      stpMakerCancels: ['a1b2c3d4-0000-4000-8000-000000000001'],
    });
    expect(parsed).toMatchObject({
      reason: 'STP_TAKER_REJECTED',
      stpMakerCancels: [expect.any(String)],
    });
  });

  it('reads a settlementStatus the spec does not list as UNRECOGNIZED, keeping the placement', () => {
    const parsed = OrderPlacementResponse.parse({
      ...placementResponse(),
      execution: execution('SETTLING'),
    });
    expect(parsed.execution.settlementStatus).toBe('UNRECOGNIZED');
    expect(parsed.order.id).toBe(ORDER_ID);
    // Parsing what was parsed keeps it (the value crosses extension messaging).
    expect(SettlementStatus.parse('UNRECOGNIZED')).toBe('UNRECOGNIZED');
  });

  it('still refuses a settlementStatus that is not a string, and totals that are not raw integers', () => {
    fails(Execution, { ...execution(), settlementStatus: 3 });
    fails(Execution, { ...execution(), settlementStatus: null });
    fails(Execution, { ...execution(), totalsRaw: { ...execution().totalsRaw, usdNet: 5.5 } });
  });
});

describe('SignedOrderWire', () => {
  const order = {
    salt: '1234567890',
    maker: ACCOUNT,
    signer: ACCOUNT,
    taker: '0x0000000000000000000000000000000000000000',
    tokenId: YES_TOKEN,
    makerAmount: 5_500_000,
    takerAmount: 10_000_000,
    nonce: 0,
    feeRateBps: 0,
    side: 0,
    signature: '0xabcdef',
    signatureType: 0,
    expiration: '0',
    price: 0.55,
  };
  const issueOf = (value: unknown) => SignedOrderWire.safeParse(value).error?.issues[0];

  it('reads the integers of the spec as exact bigints', () => {
    expect(SignedOrderWire.parse(order)).toMatchObject({
      makerAmount: 5_500_000n,
      takerAmount: 10_000_000n,
      nonce: 0n,
      salt: 1234567890n,
      expiration: 0n,
    });
  });

  it('makerAmount, takerAmount and nonce are integers: a string is refused', () => {
    for (const key of ['makerAmount', 'takerAmount', 'nonce'] as const) {
      expect(issueOf({ ...order, [key]: '10000000' }), key).toMatchObject({
        path: [key],
        message: `${key} must be a JSON integer`,
      });
    }
  });

  it('salt and expiration are string/integer: both forms read the same', () => {
    const asNumbers = SignedOrderWire.parse({ ...order, salt: 1234567890, expiration: 0 });
    expect(asNumbers).toMatchObject({ salt: 1234567890n, expiration: 0n });
  });

  it('a salt beyond 2^53 is exact as a string, and refused as a JSON number', () => {
    const big = (2n ** 255n + 7n).toString();
    expect(SignedOrderWire.parse({ ...order, salt: big }).salt).toBe(2n ** 255n + 7n);
    expect(issueOf({ ...order, salt: 2 ** 60 })?.message).toMatch(/send it as a decimal string/);
    fails(SignedOrderWire, { ...order, salt: (2n ** 256n).toString() });
  });

  it('refuses negative, fractional and inexact amounts', () => {
    fails(SignedOrderWire, { ...order, makerAmount: -5 });
    fails(SignedOrderWire, { ...order, makerAmount: 5.5 });
    expect(issueOf({ ...order, takerAmount: 2 ** 53 })?.message).toMatch(
      /too large to travel exactly as a JSON integer/,
    );
  });

  it('refuses a token id that is not a decimal uint256 and a non-hex signature', () => {
    fails(SignedOrderWire, { ...order, tokenId: '0x2b' });
    fails(SignedOrderWire, { ...order, tokenId: 43 });
    fails(SignedOrderWire, { ...order, signature: 'signed!' });
    fails(SignedOrderWire, { ...order, maker: 'ada.eth' });
  });
});

describe('cancel bodies and responses', () => {
  it('CancelOrderBody takes exactly one of orderId and clientOrderId', () => {
    expect(CancelOrderBody.parse({ orderId: ORDER_ID })).toEqual({ orderId: ORDER_ID });
    expect(CancelOrderBody.parse({ clientOrderId: 'c-1' })).toEqual({ clientOrderId: 'c-1' });
    fails(CancelOrderBody, {});
    fails(CancelOrderBody, { orderId: ORDER_ID, clientOrderId: 'c-1' });
  });

  it('CancelOrderBody refuses a non-UUID order id and a clientOrderId over 128 characters', () => {
    fails(CancelOrderBody, { orderId: '12345' });
    fails(CancelOrderBody, { clientOrderId: 'x'.repeat(129) });
  });

  it('CancelResponse keeps both success messages and reads any other words as the general one', () => {
    expect(CancelResponse.parse({ message: CANCEL_MESSAGES.canceled }).message).toBe(
      'Order canceled successfully',
    );
    expect(CancelResponse.parse({ message: 'Delayed order canceled successfully' }).message).toBe(
      CANCEL_MESSAGES.delayedCanceled,
    );
    // A 200 is a cancellation: new wording must not turn it into an unreadable answer.
    expect(CancelResponse.parse({ message: 'Order cancelled.' }).message).toBe(
      CANCEL_MESSAGES.canceled,
    );
    fails(CancelResponse, { message: 42 });
    fails(CancelResponse, {});
  });

  it('batch cancel: non-empty ids; response lists canceled and failed', () => {
    expect(CancelBatchBody.parse({ orderIds: [ORDER_ID] })).toEqual({ orderIds: [ORDER_ID] });
    expect(CancelBatchBody.safeParse({ orderIds: [] }).error?.issues[0]?.message).toBe(
      'orderIds must not be empty',
    );
    const parsed = CancelBatchResponse.parse(cancelBatchResponse());
    expect(parsed.failed[0]).toMatchObject({ reason: 'ORDER_NOT_FOUND' });
    fails(CancelBatchResponse, { ...cancelBatchResponse(), failed: [{ orderId: ORDER_ID }] });
  });

  it('cancel all on a market lists what it canceled', () => {
    expect(CancelAllResponse.parse(cancelAllResponse()).canceled).toEqual([ORDER_ID]);
    fails(CancelAllResponse, { message: 'ok' });
  });
});

describe('user orders and order statuses', () => {
  it('UserOrders accepts open and delayed orders', () => {
    const delayed = {
      ...userOrder(),
      settlementStatus: 'DELAYED',
      eligibleAt: '2026-11-22T08:15:33.250Z',
    };
    expect(UserOrders.parse([userOrder(), delayed])).toHaveLength(2);
    fails(UserOrders, [{ ...userOrder(), remainingSize: '-1' }]);
    fails(UserOrders, [{ ...userOrder(), side: 'HOLD' }]);
  });

  it('OrderStatusBody needs at least one id', () => {
    expect(OrderStatusBody.safeParse({ clientOrderIds: ['c-1'] }).success).toBe(true);
    fails(OrderStatusBody, {});
    fails(OrderStatusBody, { orderIds: [], clientOrderIds: [] });
  });

  it('OrderStatuses keeps UNKNOWN (no such order) apart from a status it cannot read', () => {
    expect(OrderStatuses.parse(orderStatuses())[1]).toMatchObject({ status: 'UNKNOWN' });
    const [read] = OrderStatuses.parse([
      { ...orderStatuses()[0], status: 'EXPIRED', settlementStatus: 'SETTLING' },
    ]);
    expect(read).toMatchObject({ status: 'UNRECOGNIZED', settlementStatus: 'UNRECOGNIZED' });
    fails(OrderStatuses, [{ ...orderStatuses()[0], status: null }]);
  });

  it('UserOrders reads an unknown settlementStatus as UNRECOGNIZED', () => {
    const [order] = UserOrders.parse([{ ...userOrder(), settlementStatus: 'PARKED' }]);
    expect(order?.settlementStatus).toBe('UNRECOGNIZED');
  });
});

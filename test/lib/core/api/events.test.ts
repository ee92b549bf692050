import { describe, expect, it } from 'vitest';
import {
  ExceptionEvent,
  NewPriceDataEvent,
  OrderbookUpdateEvent,
  OrderEvent,
  PositionsEvent,
  SERVER_EVENTS,
  SOCKET_NAMESPACE,
  SOCKET_SIGNED_PATH,
  SUBSCRIPTIONS,
  SubscribeMarketPrices,
  SubscribePositions,
  TxEvent,
} from '../../../../lib/core/api/events';
import { ACCOUNT, clobPosition, ORDER_ID, orderbook, YES_TOKEN } from './examples';

const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

const ome = () => ({
  source: 'OME',
  type: 'EXECUTION',
  status: 'PARTIALLY_FILLED',
  eventId: 'ev-1',
  orderId: ORDER_ID,
  clientOrderId: 'c-1',
  marketSlug: 'will-it-rain-in-lisbon-tomorrow',
  tokenId: YES_TOKEN,
  side: 'BUY',
  price: 0.55,
  remainingSize: '4000000',
  reason: null,
  occurredAt: '2026-11-22T08:15:31.000Z',
});

const settlement = () => ({
  source: 'SETTLEMENT',
  type: 'MATCHED',
  isEstimate: true,
  eventId: 'ev-2',
  tradeEventId: 'te-77',
  takerOrderId: ORDER_ID,
  clientOrderId: 'c-1',
  marketSlug: 'will-it-rain-in-lisbon-tomorrow',
  makerMatches: [
    { orderId: 'a1b2c3d4-0000-4000-8000-000000000001', matchedSize: '6000000', price: 0.55 },
  ],
  txHash: null,
  occurredAt: '2026-11-22T08:15:31.100Z',
});

describe('socket conventions', () => {
  it('names the namespace, the signed handshake path and the four subscriptions', () => {
    expect(SOCKET_NAMESPACE).toBe('/markets');
    expect(SOCKET_SIGNED_PATH).toBe('/socket.io/?EIO=4&transport=websocket');
    expect(Object.keys(SUBSCRIPTIONS)).toEqual([
      'subscribe_market_prices',
      'subscribe_positions',
      'subscribe_order_events',
      'subscribe_transactions',
    ]);
    expect(SUBSCRIPTIONS.subscribe_market_prices.auth).toBe(false);
    expect(SUBSCRIPTIONS.subscribe_positions.auth).toBe(true);
    expect(Object.keys(SERVER_EVENTS).sort()).toEqual(
      ['exception', 'newPriceData', 'orderEvent', 'orderbookUpdate', 'positions', 'tx'].sort(),
    );
  });

  it('subscription payloads: slugs for prices, optional slugs for positions', () => {
    expect(SubscribeMarketPrices.parse({ marketSlugs: ['a', 'b'] }).marketSlugs).toHaveLength(2);
    fails(SubscribeMarketPrices, { marketSlugs: [''] });
    fails(SubscribeMarketPrices, {});
    expect(SubscribePositions.parse({})).toEqual({});
  });
});

describe('server events', () => {
  it('orderbookUpdate carries a book in the REST shape', () => {
    const event = {
      marketSlug: 'm',
      orderbook: orderbook(),
      timestamp: '2026-11-22T08:15:31.000Z',
    };
    expect(OrderbookUpdateEvent.parse(event).orderbook.asks).toHaveLength(2);
    fails(OrderbookUpdateEvent, {
      ...event,
      orderbook: { ...orderbook(), bids: [...orderbook().bids].reverse() },
    });
  });

  it('newPriceData carries a [yes, no] pair', () => {
    const event = { marketSlug: 'm', prices: [0.3, 0.7], timestamp: '2026-11-22T08:15:31.000Z' };
    expect(NewPriceDataEvent.parse(event).prices).toEqual([0.3, 0.7]);
    fails(NewPriceDataEvent, { ...event, prices: [0.3] });
  });

  it('positions carries yes/no sides like REST clob positions', () => {
    const event = {
      account: ACCOUNT,
      marketSlug: 'm',
      positions: clobPosition().positions,
      tokensBalance: { yes: '10000000', no: '0' },
      timestamp: '2026-11-22T08:15:31.000Z',
    };
    expect(PositionsEvent.parse(event).positions.yes.cost).toBe('5500000');
    fails(PositionsEvent, { ...event, tokensBalance: { yes: 10 } });
  });

  it('orderEvent from the matching engine; an EXECUTION needs its status', () => {
    expect(OrderEvent.parse(ome())).toMatchObject({ source: 'OME', status: 'PARTIALLY_FILLED' });
    const { status: _, ...noStatus } = ome();
    const result = OrderEvent.safeParse(noStatus);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['status']);
    expect(OrderEvent.parse({ ...noStatus, type: 'PLACEMENT' }).type).toBe('PLACEMENT');
    // side may come as 0/1
    expect(OrderEvent.parse({ ...ome(), side: 1 })).toMatchObject({ side: 'SELL' });
  });

  it('orderEvent from settlement: MATCHED (estimate), MINED, FAILED', () => {
    expect(OrderEvent.parse(settlement())).toMatchObject({
      source: 'SETTLEMENT',
      isEstimate: true,
    });
    expect(OrderEvent.parse({ ...settlement(), type: 'MINED', txHash: '0xabc' }).type).toBe(
      'MINED',
    );
    fails(OrderEvent, { ...settlement(), type: 'CONFIRMED' });
    fails(OrderEvent, { ...settlement(), source: 'CHAIN' });
    fails(OrderEvent, { ...settlement(), eventId: '' });
  });

  it('tx carries a confirmed or failed transaction', () => {
    const tx = {
      txHash: '0xabc',
      status: 'CONFIRMED',
      marketSlug: 'm',
      tokenId: YES_TOKEN,
      side: 'BUY',
      price: 0.55,
      amountContracts: '6000000',
      amountCollateral: '3300000',
      orderId: ORDER_ID,
      clientOrderId: null,
      tradeEventId: 'te-77',
      timestamp: '2026-11-22T08:15:40.000Z',
    };
    expect(TxEvent.parse(tx).status).toBe('CONFIRMED');
    fails(TxEvent, { ...tx, status: 'PENDING' });
  });

  it('exception carries a message', () => {
    expect(ExceptionEvent.parse({ message: 'Unauthorized' }).message).toBe('Unauthorized');
    fails(ExceptionEvent, {});
  });
});

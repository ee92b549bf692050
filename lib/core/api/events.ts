import { z } from 'zod';
import { Orderbook } from './markets';
import { PositionSide, TokensBalance } from './portfolio';
import {
  IntegerLike,
  IsoTime,
  Price,
  RawAmount,
  record,
  SideLike,
  UnsignedRawAmount,
} from './primitives';

/** Socket.IO namespace of the real-time channel. */
export const SOCKET_NAMESPACE = '/markets';
/** The path a socket handshake is HMAC-signed over (method GET, empty body). */
export const SOCKET_SIGNED_PATH = '/socket.io/?EIO=4&transport=websocket';

export const SubscribeMarketPrices = z.object({ marketSlugs: z.array(z.string().min(1)).max(200) });
export const SubscribePositions = z.object({ marketSlugs: z.array(z.string().min(1)).optional() });
export const SubscribeOrderEvents = z.object({});
export const SubscribeTransactions = z.object({});

export const SUBSCRIPTIONS = {
  subscribe_market_prices: { payload: SubscribeMarketPrices, auth: false },
  subscribe_positions: { payload: SubscribePositions, auth: true },
  subscribe_order_events: { payload: SubscribeOrderEvents, auth: true },
  subscribe_transactions: { payload: SubscribeTransactions, auth: true },
} as const;
export type SubscriptionChannel = keyof typeof SUBSCRIPTIONS;

export const OrderbookUpdateEvent = record({
  marketSlug: z.string(),
  orderbook: Orderbook,
  timestamp: IsoTime,
});
export type OrderbookUpdateEvent = z.infer<typeof OrderbookUpdateEvent>;

/**
 * An AMM market's price (shape is ours): sent to `subscribe_market_prices` subscribers of an
 * AMM market once on subscribing and after each change of its pool price. AMM markets have
 * no order book, so this is their only live price.
 */
export const NewPriceDataEvent = record({
  marketSlug: z.string(),
  prices: z.tuple([Price, Price]),
  timestamp: IsoTime,
});
export type NewPriceDataEvent = z.infer<typeof NewPriceDataEvent>;

export const PositionsEvent = record({
  account: z.string(),
  marketSlug: z.string(),
  positions: record({ yes: PositionSide, no: PositionSide }),
  tokensBalance: TokensBalance,
  timestamp: IsoTime,
});
export type PositionsEvent = z.infer<typeof PositionsEvent>;

export const OmeEventType = z.enum(['PLACEMENT', 'UPDATE', 'CANCELLATION', 'EXECUTION']);
export const OmeExecutionStatus = z.enum(['FILLED', 'PARTIALLY_FILLED', 'KILLED']);

export const OmeOrderEvent = record({
  source: z.literal('OME'),
  type: OmeEventType,
  status: OmeExecutionStatus.optional(),
  eventId: z.string().min(1),
  orderId: z.string(),
  clientOrderId: z.string().nullable(),
  marketSlug: z.string(),
  tokenId: IntegerLike,
  side: SideLike,
  price: z.number().nullable(),
  remainingSize: UnsignedRawAmount,
  reason: z.string().nullable().optional(),
  occurredAt: IsoTime,
}).superRefine((e, ctx) => {
  if (e.type === 'EXECUTION' && e.status === undefined) {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'an EXECUTION carries a status' });
  }
});
export type OmeOrderEvent = z.infer<typeof OmeOrderEvent>;

export const SettlementEventType = z.enum(['MATCHED', 'MINED', 'FAILED']);

export const SettlementOrderEvent = record({
  source: z.literal('SETTLEMENT'),
  type: SettlementEventType,
  isEstimate: z.boolean().optional(),
  eventId: z.string().min(1),
  tradeEventId: z.string(),
  takerOrderId: z.string(),
  clientOrderId: z.string().nullable(),
  marketSlug: z.string(),
  makerMatches: z.array(
    record({
      orderId: z.string(),
      matchedSize: RawAmount,
      price: z.union([z.number(), z.string()]),
    }),
  ),
  txHash: z.string().nullable(),
  reason: z.string().nullable().optional(),
  occurredAt: IsoTime,
});
export type SettlementOrderEvent = z.infer<typeof SettlementOrderEvent>;

export const OrderEvent = z.discriminatedUnion('source', [OmeOrderEvent, SettlementOrderEvent]);
export type OrderEvent = z.infer<typeof OrderEvent>;
export type OrderEventInput = z.input<typeof OrderEvent>;

export const TxEvent = record({
  txHash: z.string(),
  status: z.enum(['CONFIRMED', 'FAILED']),
  marketSlug: z.string(),
  tokenId: IntegerLike,
  side: SideLike,
  price: z.union([z.number(), z.string()]),
  amountContracts: RawAmount,
  amountCollateral: RawAmount,
  orderId: z.string(),
  clientOrderId: z.string().nullable(),
  tradeEventId: z.string(),
  timestamp: IsoTime,
});
export type TxEvent = z.infer<typeof TxEvent>;

export const ExceptionEvent = record({ message: z.string() });

/** Every server → client event the channel carries, with its schema. */
export const SERVER_EVENTS = {
  orderbookUpdate: OrderbookUpdateEvent,
  newPriceData: NewPriceDataEvent,
  positions: PositionsEvent,
  orderEvent: OrderEvent,
  tx: TxEvent,
  exception: ExceptionEvent,
} as const;
export type ServerEventName = keyof typeof SERVER_EVENTS;

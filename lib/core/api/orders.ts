import { z } from 'zod';
import {
  Address,
  HexString,
  IntegerLike,
  IsoTime,
  OrderType,
  RawAmount,
  record,
  SideLike,
  StpPolicy,
  tolerantEnum,
  Uint256String,
  UnsignedRawAmount,
  Uuid,
} from './primitives';
import { SettlementStatus } from './user-orders';

export {
  type KnownSettlementStatus,
  SETTLEMENT_STATUSES,
  UserOrder,
  UserOrders,
} from './user-orders';

/**
 * A JSON integer, exact (a safe integer), as a bigint. The spec types makerAmount,
 * takerAmount and nonce as integers (not strings), and a JSON parser reads a number through
 * a float: beyond 2^53 − 1 the value that arrives is not the value that was signed. Such an
 * order is refused before sending (9,007,199,254 collateral units, far beyond any order),
 * rather than sent as a string the spec does not allow or as a number that silently changes.
 */
const jsonInteger = (what: string) =>
  z
    .number(`${what} must be a JSON integer`)
    .refine(Number.isInteger, `${what} must be a whole number`)
    .refine(
      (v) => !Number.isInteger(v) || Number.isSafeInteger(v),
      `${what} is too large to travel exactly as a JSON integer (at most ${Number.MAX_SAFE_INTEGER})`,
    )
    .refine((v) => v >= 0, `${what} must not be negative`)
    .transform((v) => BigInt(v));

/** The spec's "string/integer": a decimal string, or a JSON integer that is exact. */
const stringOrJsonInteger = (what: string) =>
  z
    .union([
      z.string().regex(/^\d+$/, `${what} must be a whole number`),
      z
        .number(`${what} must be a decimal string or a JSON integer`)
        .refine(Number.isInteger, `${what} must be a whole number`)
        .refine(
          (v) => !Number.isInteger(v) || Number.isSafeInteger(v),
          `${what} is too large to be exact as a JSON number: send it as a decimal string`,
        )
        .refine((v) => v >= 0, `${what} must not be negative`),
    ])
    .transform((v) => BigInt(v));

/**
 * The signed order as it travels in `POST /orders` (the `order` field), typed exactly as the
 * spec's table: `salt` and `expiration` string/integer, `tokenId` a decimal string,
 * `makerAmount`, `takerAmount`, `nonce`, `feeRateBps`, `side`, `signatureType` integers,
 * `price` a number. Structural rules only; the business rules (nonce 0, amount floor, price
 * grid) live in `lib/core/orders/rules.ts` so that client and sandbox report them with the same
 * words.
 */
export const SignedOrderWire = z.object({
  salt: stringOrJsonInteger('salt').refine((v) => v < 2n ** 256n, 'salt does not fit in uint256'),
  maker: Address,
  signer: Address,
  taker: Address,
  tokenId: Uint256String,
  makerAmount: jsonInteger('makerAmount'),
  takerAmount: jsonInteger('takerAmount'),
  nonce: jsonInteger('nonce'),
  feeRateBps: z.number().int().min(0).max(10_000),
  side: z.union([z.literal(0), z.literal(1)]),
  signature: HexString.optional(),
  signatureType: z.number().int().min(0).optional(),
  expiration: stringOrJsonInteger('expiration').optional(),
  price: z.number().optional(),
});
export type SignedOrderWire = z.input<typeof SignedOrderWire>;

export const PlaceOrderBody = z.object({
  order: SignedOrderWire,
  ownerId: z.number().int().positive(),
  orderType: OrderType,
  marketSlug: z.string().min(1),
  postOnly: z.boolean().optional(),
  clientOrderId: z.string().optional(),
  onBehalfOf: z.number().int().positive().optional(),
  timestamp: z.number().int().nonnegative().optional(),
  recvWindow: z.number().int().nonnegative().optional(),
  stpPolicy: StpPolicy.optional(),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;
export type ParsedPlaceOrderBody = z.output<typeof PlaceOrderBody>;

export const ExecutionTotals = record({
  contractsGross: RawAmount,
  contractsFee: RawAmount,
  contractsNet: RawAmount,
  usdGross: RawAmount,
  usdFee: RawAmount,
  usdNet: RawAmount,
});
export type ExecutionTotals = z.infer<typeof ExecutionTotals>;

export const Execution = record({
  matched: z.boolean(),
  settlementStatus: SettlementStatus,
  reason: z.string().optional(),
  eligibleAt: IsoTime.optional(),
  tradeEventId: z.string().optional(),
  txHash: z.string().optional(),
  clientOrderId: z.string().optional(),
  stpMakerCancels: z.array(z.string()).optional(),
  feeRateBps: z.number(),
  effectiveFeeBps: z.number(),
  totalsRaw: ExecutionTotals,
}).superRefine((e, ctx) => {
  if (e.settlementStatus === 'DELAYED' && e.eligibleAt === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['eligibleAt'],
      message: 'a DELAYED order must say when it becomes eligible',
    });
  }
});
export type Execution = z.infer<typeof Execution>;

/** The owner profile as embedded in orders and matches. */
export const OrderOwner = record({
  id: z.number().int(),
  account: z.string(),
  client: z.string().nullable().optional(),
  tradeWalletOption: z.string().nullable().optional(),
  smartWallet: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
  displayName: z.string().nullable().optional(),
  pfpUrl: z.string().nullable().optional(),
  socialUrl: z.string().nullable().optional(),
  rankName: z.string().nullable().optional(),
  points: z.union([z.number(), z.string()]).nullable().optional(),
  referredUsersCount: z.number().nullable().optional(),
  isTop100: z.boolean().optional(),
  leaderboardPosition: z.number().nullable().optional(),
});

export const OrderMarketRef = record({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.string(),
  yesPositionId: z.string(),
  noPositionId: z.string(),
  group: record({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
});

export const PlacedOrder = record({
  id: Uuid,
  salt: IntegerLike,
  maker: Address,
  signer: Address,
  tokenId: IntegerLike,
  signatureType: z.number().int().nullable(),
  signature: z.string().nullable(),
  orderType: OrderType,
  side: SideLike,
  marketId: z.string(),
  ownerId: z.number().int(),
  createdAt: IsoTime,
  market: OrderMarketRef,
  makerAmount: IntegerLike,
  takerAmount: IntegerLike,
  nonce: IntegerLike,
  owner: OrderOwner,
  taker: Address,
  expiration: z.union([IsoTime, IntegerLike]).nullable(),
  feeRateBps: z.number().int(),
  price: z.union([z.number(), z.string()]).nullable(),
});
export type PlacedOrder = z.infer<typeof PlacedOrder>;

export const MakerMatch = record({
  id: z.string(),
  matchedSize: RawAmount,
  fillPrice: z.string(),
  fillCost: RawAmount,
  orderId: z.string(),
  order: record({
    id: z.string(),
    maker: Address,
    price: z.string(),
    side: SideLike,
    tokenId: IntegerLike,
    owner: OrderOwner,
  }),
});
export type MakerMatch = z.infer<typeof MakerMatch>;

export const OrderPlacementResponse = record({
  order: PlacedOrder,
  execution: Execution,
  makerMatches: z.array(MakerMatch),
});
export type OrderPlacementResponse = z.infer<typeof OrderPlacementResponse>;

/** `POST /orders/cancel`: exactly one of the two identifiers. */
export const CancelOrderBody = z
  .object({
    orderId: Uuid.optional(),
    clientOrderId: z.string().max(128, 'clientOrderId must be at most 128 characters').optional(),
  })
  .refine((b) => (b.orderId === undefined) !== (b.clientOrderId === undefined), {
    message: 'send exactly one of orderId and clientOrderId',
    path: ['orderId'],
  });
export type CancelOrderBody = z.input<typeof CancelOrderBody>;

export const CANCEL_MESSAGES = {
  canceled: 'Order canceled successfully',
  delayedCanceled: 'Delayed order canceled successfully',
  batchCanceled: 'Orders canceled successfully',
  notCancellable: 'Order not found or already canceled',
} as const;

const CANCEL_SUCCESS_MESSAGES = [
  CANCEL_MESSAGES.canceled,
  CANCEL_MESSAGES.delayedCanceled,
] as const;

/**
 * A 200 is a cancellation whatever its words: a message we do not know reads as the
 * general one (only the delayed variant says more), never as a failed request.
 */
export const CancelResponse = record({
  message: z
    .custom<(typeof CANCEL_SUCCESS_MESSAGES)[number]>(
      (v) => typeof v === 'string',
      'expected a string',
    )
    .transform((m): (typeof CANCEL_SUCCESS_MESSAGES)[number] =>
      m === CANCEL_MESSAGES.delayedCanceled ? m : CANCEL_MESSAGES.canceled,
    ),
});
export type CancelResponse = z.infer<typeof CancelResponse>;

export const CancelBatchBody = z.object({
  orderIds: z.array(z.string()).min(1, 'orderIds must not be empty'),
});

export const CancelBatchFailure = record({
  orderId: z.string(),
  reason: z.string(),
  message: z.string(),
});

export const CancelBatchResponse = record({
  message: z.string(),
  canceled: z.array(z.string()),
  failed: z.array(CancelBatchFailure),
});
export type CancelBatchResponse = z.infer<typeof CancelBatchResponse>;

export const CancelAllResponse = record({
  message: z.string(),
  canceled: z.array(z.string()),
});
export type CancelAllResponse = z.infer<typeof CancelAllResponse>;

export const OrderStatusBody = z
  .object({
    orderIds: z.array(z.string()).optional(),
    clientOrderIds: z.array(z.string()).optional(),
  })
  .refine((b) => (b.orderIds?.length ?? 0) + (b.clientOrderIds?.length ?? 0) > 0, {
    message: 'send at least one orderId or clientOrderId',
    path: ['orderIds'],
  });
export type OrderStatusBody = z.input<typeof OrderStatusBody>;

export const ORDER_STATUS_VALUES = [
  'OPEN',
  'FILLED',
  'PARTIALLY_FILLED',
  'CANCELED',
  'DELAYED',
  'UNKNOWN',
] as const;
/**
 * `UNKNOWN` is a real answer (the exchange does not know the order); a status this
 * version does not know is `UNRECOGNIZED`, which the desk treats as "ask again later".
 */
export const OrderStatusValue = tolerantEnum(ORDER_STATUS_VALUES);
export type OrderStatusValue = z.output<typeof OrderStatusValue>;

export const OrderStatus = record({
  orderId: z.string().nullable(),
  clientOrderId: z.string().nullable(),
  status: OrderStatusValue,
  settlementStatus: SettlementStatus.nullable(),
  remainingSize: UnsignedRawAmount.nullable(),
  filledSize: UnsignedRawAmount,
});
export type OrderStatus = z.infer<typeof OrderStatus>;
export const OrderStatuses = z.array(OrderStatus);

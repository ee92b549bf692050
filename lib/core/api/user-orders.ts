import { z } from 'zod';
import {
  IntegerLike,
  IsoTime,
  OrderType,
  record,
  Side,
  tolerantEnum,
  UnsignedRawAmount,
} from './primitives';

/*
 * Kept apart from orders.ts so that the page panel (which only lists orders) does not
 * construct the schemas of placement and cancellation.
 */

export const SETTLEMENT_STATUSES = [
  'UNMATCHED',
  'MATCHED',
  'MINED',
  'CONFIRMED',
  'RETRYING',
  'FAILED',
  'DELAYED',
  'CANCELED',
] as const;
/** The spec's values: all the sandbox ever sends. */
export type KnownSettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/**
 * `execution.settlementStatus` and the same field of user orders and order statuses. A
 * status the exchange adds later reads as `UNRECOGNIZED`: the desk then asks the
 * exchange about the order instead of failing the placement (which it would retry forever).
 */
export const SettlementStatus = tolerantEnum(SETTLEMENT_STATUSES);
export type SettlementStatus = z.output<typeof SettlementStatus>;

/** `GET /markets/:slug/user-orders`: the caller's open (and delayed) orders on one market. */
export const UserOrder = record({
  id: z.string(),
  clientOrderId: z.string().nullable(),
  side: Side,
  tokenId: IntegerLike,
  price: z.number().nullable(),
  originalSize: UnsignedRawAmount,
  remainingSize: UnsignedRawAmount,
  orderType: OrderType,
  postOnly: z.boolean(),
  settlementStatus: SettlementStatus,
  eligibleAt: IsoTime.nullable(),
  createdAt: IsoTime,
});
export type UserOrder = z.infer<typeof UserOrder>;
export const UserOrders = z.array(UserOrder);

import { z } from 'zod';
import { IntegerLike, IsoTime, OrderType, record, Side, UnsignedRawAmount } from './primitives';

/*
 * Kept apart from orders.ts so that the page panel (which only lists orders) does not
 * construct the schemas of placement and cancellation.
 */

export const SettlementStatus = z.enum([
  'UNMATCHED',
  'MATCHED',
  'MINED',
  'CONFIRMED',
  'RETRYING',
  'FAILED',
  'DELAYED',
  'CANCELED',
]);
export type SettlementStatus = z.infer<typeof SettlementStatus>;

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

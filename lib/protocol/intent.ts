import { z } from 'zod';
import { Outcome, Side } from '../core/api/primitives';
import { ClientErrorInfo } from '../core/client/error-info';
import { INTENT_STATES } from './intent-states';

const Raw = z.string().regex(/^\d+$/);

/**
 * Set by the panel on what it shows as a large order's first press: the background then only
 * arms it, never places it (so a press after the panel's window never lands in the
 * background's slightly longer one). It can only hold an order back: there is no
 * "confirmed", the background knows the second press itself (lib/background/trading/armed-presses.ts).
 */
const FirstPress = z.literal(true).optional();

/** A one-click order as the page panel (or a page) asks for it: money or a share of the position. */
export const QuickOrderRequest = z
  .object({
    marketSlug: z.string().min(1).max(200),
    outcome: Outcome,
    side: Side,
    orderType: z.enum(['FOK', 'FAK']),
    /** BUY: collateral to spend, raw units. */
    amountRaw: Raw.optional(),
    /** SELL: share of the held position. */
    sellPercent: z.union([z.literal(25), z.literal(50), z.literal(100)]).optional(),
    /** One id per button press: a second message with the same id is the same intent. */
    pressId: z.string().min(8).max(64),
    firstPress: FirstPress,
  })
  .superRefine((r, ctx) => {
    if (r.side === 'BUY' && (r.amountRaw === undefined || r.sellPercent !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amountRaw'],
        message: 'a buy needs an amount to spend',
      });
    }
    if (r.side === 'SELL' && (r.sellPercent === undefined || r.amountRaw !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['sellPercent'],
        message: 'a sell needs a share of the position (25, 50 or 100 %)',
      });
    }
  });
export type QuickOrderRequest = z.input<typeof QuickOrderRequest>;
export type ParsedQuickOrder = z.output<typeof QuickOrderRequest>;

/**
 * A post-only GTC order at a level of the book the panel showed: the price the user saw
 * (never replaced by a fresher one) and the chosen preset, in money, as its size.
 */
export const LimitOrderRequest = z.object({
  marketSlug: z.string().min(1).max(200),
  outcome: Outcome,
  /** BUY on the bid side, SELL on the ask side. */
  side: Side,
  /** A decimal like `0.41`; the background checks the 0.001 grid and the 0.01–0.99 range. */
  price: z.string().min(1).max(16),
  /** The preset: collateral to spend (BUY), or worth of held contracts to sell (SELL), raw units. */
  amountRaw: Raw,
  pressId: z.string().min(8).max(64),
  firstPress: FirstPress,
});
export type LimitOrderRequest = z.input<typeof LimitOrderRequest>;

export { isFinal } from './intent-states';

export const IntentState = z.enum(INTENT_STATES);
export type IntentState = z.infer<typeof IntentState>;

/** What every UI may see of an intent: no signed bytes, no signature. */
export const IntentView = z.object({
  clientOrderId: z.string(),
  marketSlug: z.string(),
  marketTitle: z.string().nullable(),
  outcome: Outcome,
  side: Side,
  orderType: z.enum(['GTC', 'FAK', 'FOK']),
  /** Limit price for FAK/GTC, null for FOK. */
  price: z.number().nullable(),
  /** BUY FOK: collateral; others: contracts (raw). */
  requestedRaw: Raw,
  state: IntentState,
  orderId: z.string().nullable(),
  filledContractsRaw: Raw,
  /** Collateral paid (BUY) or received before the fee (SELL) for the fills, raw. */
  filledCollateralRaw: Raw,
  /**
   * The taker fee of those fills, raw: contracts on a BUY (the position grew by the filled
   * contracts less this), collateral on a SELL (received less this). Absent: none counted.
   */
  filledFeeRaw: Raw.optional(),
  /** The fee rate the exchange's answer reported for this order (basis points); absent until then. */
  feeBps: z.number().int().min(0).max(10_000).nullable().optional(),
  eligibleAt: z.string().nullable(),
  error: ClientErrorInfo.nullable(),
  /** A short line for the UI: "filled 17.54 at 0.57", "rejected: …". */
  summary: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type IntentView = z.infer<typeof IntentView>;

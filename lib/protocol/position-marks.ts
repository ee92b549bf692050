import { z } from 'zod';

/*
 * How a held side's value and P&L were marked, for the words beside them. The figures
 * themselves travel in the position's own fields (`marketValue`, `unrealizedPnl`), which the
 * background replaces with the live mark (`lib/background/account/marks.ts`).
 */

const Digits = z.string().regex(/^\d+$/);

/** One side marked to the live book: what selling it now would get. */
export const SideMarkView = z.object({
  /** The outcome's best bid, thousandths; null when the book has no bid for it. */
  bestBidMillis: Digits.nullable(),
  /** Contracts beyond the book's bids, raw: counted at zero. */
  unmarkedRaw: Digits,
  /** The sell fee taken off, basis points (0: none). */
  feeBps: z.number().int().min(0).max(10_000),
});
export type SideMarkView = z.infer<typeof SideMarkView>;

/** Per market, per side held: marked to the live book, or null (the exchange's own figure). */
export const MarketMarkView = z.object({
  yes: SideMarkView.nullable(),
  no: SideMarkView.nullable(),
});
export type MarketMarkView = z.infer<typeof MarketMarkView>;

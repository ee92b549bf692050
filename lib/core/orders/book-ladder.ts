import { z } from 'zod';
import type { Orderbook } from '../api/markets';
import { PRICE_SCALE, priceToMillis } from './units';

/** Levels per side the panel shows: enough to pick a resting price, cheap to push each frame. */
export const LADDER_DEPTH = 5;

const Integer = z.string().regex(/^\d+$/);

/** One price level in exact integers: thousandths and raw contracts. */
export const LadderLevel = z.object({ priceMillis: Integer, sizeRaw: Integer });
export type LadderLevel = z.infer<typeof LadderLevel>;

/** One outcome's best levels in its own prices: bids best (highest) first, asks best (lowest) first. */
export const OutcomeLadder = z.object({
  bids: z.array(LadderLevel).max(LADDER_DEPTH),
  asks: z.array(LadderLevel).max(LADDER_DEPTH),
});
export type OutcomeLadder = z.infer<typeof OutcomeLadder>;

export const BookLadder = z.object({ yes: OutcomeLadder, no: OutcomeLadder });
export type BookLadder = z.infer<typeof BookLadder>;

function top(rows: Orderbook['bids'], mirror: boolean): LadderLevel[] {
  const out: LadderLevel[] = [];
  for (const row of rows) {
    if (out.length === LADDER_DEPTH) break;
    let millis: bigint;
    try {
      millis = priceToMillis(row.price);
    } catch {
      // Off the 0.001 grid: no order could rest there, so no button offers it.
      continue;
    }
    if (row.size === '0') continue;
    out.push({
      priceMillis: (mirror ? PRICE_SCALE - millis : millis).toString(),
      sizeRaw: row.size,
    });
  }
  return out;
}

/**
 * The top levels of both outcomes from a YES-terms book: a NO bid is a YES ask at
 * `1 − price` (someone selling YES is buying NO), so NO's bids are YES's asks mirrored.
 */
export function ladderOf(book: Orderbook): BookLadder {
  return {
    yes: { bids: top(book.bids, false), asks: top(book.asks, false) },
    no: { bids: top(book.asks, true), asks: top(book.bids, true) },
  };
}

import type { Orderbook } from '../api/markets';
import type { Outcome, Side } from '../api/primitives';
import { PRICE_SCALE, priceToMillis } from './units';

/*
 * A FOK order carries no price at the API (spec rule 5: its makerAmount is only the most
 * it may spend), so a thin book could fill a $50 FOK buy at 0.99 when the best ask was
 * 0.63. The desk gives every FOK quick order a worst price (best price ± the slippage
 * setting) and sends it only when the live book can fill it entirely within that price.
 */

/** One price level, in thousandths and raw contracts. */
export interface Level {
  priceMillis: bigint;
  sizeRaw: bigint;
}

/** A market's book in YES terms: bids best (highest) first, asks best (lowest) first. */
export interface Depth {
  bids: Level[];
  asks: Level[];
}

/** Levels kept per side: far more than any slippage setting reaches on a 0.001 grid. */
const MAX_LEVELS = 100;

function levels(rows: Orderbook['bids']): Level[] {
  const out: Level[] = [];
  for (const row of rows.slice(0, MAX_LEVELS)) {
    try {
      const sizeRaw = BigInt(row.size);
      if (sizeRaw > 0n) out.push({ priceMillis: priceToMillis(row.price), sizeRaw });
    } catch {
      // A level we cannot read exactly is not counted as liquidity.
    }
  }
  return out;
}

export function depthOf(book: Orderbook): Depth {
  return { bids: levels(book.bids), asks: levels(book.asks) };
}

/** The levels an order on `outcome` meets, best first, in that outcome's prices (NO = 1 − YES). */
export function levelsMet(depth: Depth, outcome: Outcome, side: Side): Level[] {
  const yes =
    side === 'BUY'
      ? outcome === 'YES'
        ? depth.asks
        : depth.bids
      : outcome === 'YES'
        ? depth.bids
        : depth.asks;
  return outcome === 'YES'
    ? yes
    : yes.map((l) => ({ priceMillis: PRICE_SCALE - l.priceMillis, sizeRaw: l.sizeRaw }));
}

const within = (side: Side, priceMillis: bigint, limitMillis: bigint) =>
  side === 'BUY' ? priceMillis <= limitMillis : priceMillis >= limitMillis;

/**
 * How much of a FOK order the book fills at prices no worse than `limitMillis`: for a BUY
 * the collateral (raw) that buys, for a SELL the contracts (raw) that sell.
 */
export function fillableWithin(
  depth: Depth,
  outcome: Outcome,
  side: Side,
  limitMillis: bigint,
): bigint {
  let total = 0n;
  for (const level of levelsMet(depth, outcome, side)) {
    if (!within(side, level.priceMillis, limitMillis)) break;
    total += side === 'BUY' ? (level.sizeRaw * level.priceMillis) / PRICE_SCALE : level.sizeRaw;
  }
  return total;
}

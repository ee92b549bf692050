import type { Outcome } from '../api/primitives';
import type { Depth } from './depth';
import { levelsMet } from './depth';
import { takerFeeOf } from './fees';
import { PRICE_SCALE } from './units';

/**
 * What one held side of a position is worth now: what selling it at once would get. The
 * sell walks the bids of its outcome best first (a NO holding meets the YES asks, at
 * 1 − price), each level's proceeds rounded down and less the taker fee the exchange charges
 * a SELL in money (`takerFeeOf`, per level as per fill). Contracts beyond the book's depth
 * (its first `MAX_LEVELS` levels, `depth.ts`) could not be sold now: they are worth zero
 * here, and counted apart so the UIs can say so.
 */
export interface SideMark {
  /** Proceeds of selling now, net of the sell fee, raw collateral. */
  valueRaw: bigint;
  /** Contracts no bid takes now, raw: marked at zero. */
  unmarkedRaw: bigint;
  /** The best bid of the outcome, thousandths (null: the book has no bid for it). */
  bestBidMillis: bigint | null;
}

export function markSide(
  depth: Depth,
  outcome: Outcome,
  contractsRaw: bigint,
  sellFeeBps: number,
): SideMark {
  const levels = levelsMet(depth, outcome, 'SELL');
  let left = contractsRaw > 0n ? contractsRaw : 0n;
  let valueRaw = 0n;
  for (const level of levels) {
    if (left === 0n) break;
    const take = left < level.sizeRaw ? left : level.sizeRaw;
    const proceeds = (take * level.priceMillis) / PRICE_SCALE;
    valueRaw += proceeds - takerFeeOf('SELL', take, proceeds, sellFeeBps);
    left -= take;
  }
  return { valueRaw, unmarkedRaw: left, bestBidMillis: levels[0]?.priceMillis ?? null };
}

/** Unrealised P&L of a side: its marked value less the exchange's cost basis of what is held. */
export const markedPnl = (mark: SideMark, costRaw: bigint): bigint => mark.valueRaw - costRaw;

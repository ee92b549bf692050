import type { Side } from '../api/primitives';
import { PRICE_SCALE } from './units';

/** Who a side of a fill is: the order that rested on the book, or the one that crossed it. */
export type FillRole = 'maker' | 'taker';

/**
 * The collateral of one side of a fill, to the raw unit: `price × contracts / 1000` at that
 * side's own price (thousandths), which is rarely whole. The resting order gets the
 * rounding and the taker, who chose to cross, gives it, so a resting order never trades
 * past its limit: a buying maker pays the amount rounded down, a selling maker receives it
 * rounded up; a buying taker pays it rounded up, a selling taker receives it rounded down.
 * The two sides of a mint (both buy) or a merge (both sell) then sum to the contracts.
 *
 * Our convention (the spec does not show fill rounding): the sandbox settles by it and the
 * order desk counts fills reported by events with it.
 */
export function fillCollateral(
  priceMillis: bigint,
  contracts: bigint,
  side: Side,
  role: FillRole,
): bigint {
  const up = (side === 'BUY') === (role === 'taker');
  const scaled = priceMillis * contracts;
  return up ? (scaled + PRICE_SCALE - 1n) / PRICE_SCALE : scaled / PRICE_SCALE;
}

/**
 * Most contracts a taker's `budget` buys at `priceMillis`, paying the rounded-up amount:
 * the largest c with ceil(p·c/1000) ≤ budget, i.e. floor(budget·1000/p). When the book
 * holds that many, the budget is spent to the raw unit.
 */
export function contractsForBudget(budget: bigint, priceMillis: bigint): bigint {
  return priceMillis <= 0n ? 0n : (budget * PRICE_SCALE) / priceMillis;
}

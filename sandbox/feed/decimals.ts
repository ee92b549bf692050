import { formatScaled, fromRaw, RAW_PER_UNIT } from '../../lib/core/orders/units';

/** Raw units (6 decimals) as the feed's decimal string: `12500000n` → `"12.5"`. */
export const rawDecimal = (raw: bigint): string => fromRaw(raw);

/** A price in thousandths as a decimal string on the 0–1 scale: `625n` → `"0.625"`. */
export const millisDecimal = (millis: bigint): string => formatScaled(millis, 3);

/**
 * `numerator / denominator` to 6 decimals, truncated toward zero (bigint division), so
 * the string is exact to the precision it states. Null when the denominator is zero.
 */
export function ratioDecimal(numerator: bigint, denominator: bigint): string | null {
  if (denominator === 0n) return null;
  return fromRaw((numerator * RAW_PER_UNIT) / denominator);
}

/** `price × contracts` in raw collateral, floored like every collateral leg of a fill. */
export const notionalRaw = (priceMillis: bigint, contracts: bigint): bigint =>
  (priceMillis * contracts) / 1000n;

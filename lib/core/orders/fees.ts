import type { Side } from '../api/primitives';

const BPS = 10_000n;

/**
 * The taker's fee on one fill, in what it pays it in: a BUY in contracts (it receives
 * fewer), a SELL in collateral (it receives less). Rounded down per fill, so the fee never
 * exceeds the rate and an order's fee is the sum of its fills' fees; makers pay none.
 *
 * The spec names the figures (`totalsRaw`: contracts and usd, gross, fee, net) but not the
 * rule; this is our convention, the one the sandbox charges by (`sandbox/engine/fees.ts`),
 * used only where the exchange reports a fill without its fee (settlement events).
 */
export function takerFeeOf(
  side: Side,
  contracts: bigint,
  takerCollateral: bigint,
  feeBps: number,
): bigint {
  if (feeBps <= 0) return 0n;
  const rate = BigInt(feeBps);
  return ((side === 'BUY' ? contracts : takerCollateral) * rate) / BPS;
}

import type { Side } from './types';

export const BPS = 10_000n;

/**
 * The taker's fee on one fill (makers pay none). A BUY pays in contracts (it receives
 * fewer), a SELL in collateral (it receives less). Rounded down, per fill: the fee never
 * exceeds the rate, and the totals are the sums of the per-fill figures.
 */
export function takerFee(
  side: Side,
  contracts: bigint,
  collateral: bigint,
  feeRateBps: number,
  feesEnabled: boolean,
): { contractsFee: bigint; usdFee: bigint } {
  if (!feesEnabled || feeRateBps <= 0) return { contractsFee: 0n, usdFee: 0n };
  const rate = BigInt(feeRateBps);
  return side === 'BUY'
    ? { contractsFee: (contracts * rate) / BPS, usdFee: 0n }
    : { contractsFee: 0n, usdFee: (collateral * rate) / BPS };
}

export interface Totals {
  contractsGross: bigint;
  contractsFee: bigint;
  contractsNet: bigint;
  usdGross: bigint;
  usdFee: bigint;
  usdNet: bigint;
}

export const ZERO_TOTALS: Totals = {
  contractsGross: 0n,
  contractsFee: 0n,
  contractsNet: 0n,
  usdGross: 0n,
  usdFee: 0n,
  usdNet: 0n,
};

/** `totalsRaw` of an execution from its fills (taker's view). */
export function executionTotals(
  side: Side,
  fills: readonly { contracts: bigint; takerCollateral: bigint }[],
  feeRateBps: number,
  feesEnabled: boolean,
): Totals {
  const t = { ...ZERO_TOTALS };
  for (const f of fills) {
    const fee = takerFee(side, f.contracts, f.takerCollateral, feeRateBps, feesEnabled);
    t.contractsGross += f.contracts;
    t.contractsFee += fee.contractsFee;
    t.usdGross += f.takerCollateral;
    t.usdFee += fee.usdFee;
  }
  t.contractsNet = t.contractsGross - t.contractsFee;
  t.usdNet = t.usdGross - t.usdFee;
  return t;
}

export const totalsToWire = (t: Totals): Record<keyof Totals, string> => ({
  contractsGross: t.contractsGross.toString(),
  contractsFee: t.contractsFee.toString(),
  contractsNet: t.contractsNet.toString(),
  usdGross: t.usdGross.toString(),
  usdFee: t.usdFee.toString(),
  usdNet: t.usdNet.toString(),
});

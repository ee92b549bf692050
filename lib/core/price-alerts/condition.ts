import type { AlertField, AlertOutcome } from './rules';

/** What is known of one market's prices now, in YES terms, raw (1e6 = 1.00). */
export interface MarketPrices {
  bestBidRaw: bigint | null;
  bestAskRaw: bigint | null;
  lastRaw: bigint | null;
}

const ONE_RAW = 1_000_000n;
const RAW_PER_MILLI = 1_000n;

/**
 * The price an alert watches, in the alert's outcome. NO is the other side of the YES
 * book: NO's bid is 1 − YES's ask, NO's ask is 1 − YES's bid.
 */
export function observedRaw(
  prices: MarketPrices,
  outcome: AlertOutcome,
  field: AlertField,
): bigint | null {
  if (field === 'last') {
    if (prices.lastRaw === null) return null;
    return outcome === 'YES' ? prices.lastRaw : ONE_RAW - prices.lastRaw;
  }
  if (outcome === 'YES') return field === 'bid' ? prices.bestBidRaw : prices.bestAskRaw;
  const other = field === 'bid' ? prices.bestAskRaw : prices.bestBidRaw;
  return other === null ? null : ONE_RAW - other;
}

/** Whether an alert's condition holds; never when the price it watches does not exist. */
export function conditionHolds(
  alert: { outcome: AlertOutcome; field: AlertField; comparator: '>=' | '<='; priceMillis: number },
  prices: MarketPrices,
): boolean {
  const observed = observedRaw(prices, alert.outcome, alert.field);
  if (observed === null) return false;
  const threshold = BigInt(alert.priceMillis) * RAW_PER_MILLI;
  return alert.comparator === '>=' ? observed >= threshold : observed <= threshold;
}

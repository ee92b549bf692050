import { formatRawCents } from '../format/raw-price';
import {
  type AlertComparator,
  type AlertField,
  type AlertOutcome,
  FIELD_WORDS,
  millisAsCents,
} from './rules';

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

/**
 * Why an alert is refused when it is set: its condition already holds, so it would fire at
 * once and tell nothing new. Null when it does not hold (or the price is not known yet).
 */
export function alreadyTrue(
  alert: {
    outcome: AlertOutcome;
    field: AlertField;
    comparator: AlertComparator;
    priceMillis: number;
  },
  prices: MarketPrices,
): string | null {
  if (!conditionHolds(alert, prices)) return null;
  const observed = observedRaw(prices, alert.outcome, alert.field);
  if (observed === null) return null;
  const sign = alert.comparator === '>=' ? '≥' : '≤';
  return `${alert.outcome} ${FIELD_WORDS[alert.field]} is already ${formatRawCents(observed)} ${sign} ${millisAsCents(alert.priceMillis)}: choose a price it has not reached yet.`;
}

import { formatContracts } from '../core/format/money';
import { formatRawCents } from '../core/format/raw-price';
import type { SideMarkView } from './position-marks';

/* No schema here: the popup words its marks with this and carries no schema library. */

/** The words for the exchange's own figure, shown while no live book marks the side. */
export const EXCHANGE_MARK_WORDS =
  "The exchange's value and P&L from its last positions read: no live book marks this side now.";

const percent = (bps: number): string => {
  const whole = bps / 100;
  return `${Number.isInteger(whole) ? whole.toFixed(0) : whole.toFixed(2).replace(/0$/, '')}%`;
};

/** Which price marks a side's value and P&L, in one sentence or two (a tooltip's). */
export function markWords(outcome: 'YES' | 'NO', mark: SideMarkView | null): string {
  if (!mark) return EXCHANGE_MARK_WORDS;
  const at =
    mark.bestBidMillis === null
      ? `No ${outcome} bid now: valued at $0`
      : `Valued at what selling now would get: the ${outcome} bids from ${formatRawCents(BigInt(mark.bestBidMillis) * 1000n)} down`;
  const fee = mark.feeBps > 0 ? `, less the ${percent(mark.feeBps)} sell fee` : '';
  const beyond =
    mark.bestBidMillis !== null && BigInt(mark.unmarkedRaw) > 0n
      ? ` ${formatContracts(mark.unmarkedRaw)} contracts beyond the book's bids count at $0.`
      : '';
  return `${at}${fee}.${beyond}`;
}

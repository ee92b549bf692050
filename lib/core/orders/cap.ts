import { formatUsd } from '../format/money';
import { RAW_PER_UNIT } from './units';

/**
 * Why an order above the per-order cap cannot be placed, naming the cap and where to raise
 * it: the panel's disabled button and the background's refusal say the same.
 */
export function aboveCapReason(capRaw: bigint): string {
  const cap = formatUsd(capRaw, capRaw % RAW_PER_UNIT === 0n ? 0 : 2);
  return `Above your ${cap} cap per order: raise it in Options → Settings → Caps to place it.`;
}

/**
 * A buy spends at most its amount whatever the book (FOK spends it exactly, FAK's limit is
 * sized from it), so a buy above the cap is known to be refused before it is priced.
 */
export const buyAboveCap = (amountRaw: bigint, capRaw: bigint): boolean => amountRaw > capRaw;

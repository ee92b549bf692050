import { formatUsd } from '../format/money';
import { RAW_PER_UNIT } from './units';

/** Where the trader sets the caps, named the same way by every refusal that sends them there. */
export const CAPS_SETTING = 'Options → Settings → Caps';

/**
 * Why an order above the per-order cap cannot be placed, naming the cap and where to raise
 * it: the panel's disabled button, the background's refusal and the desk's guard say the
 * same, the desk with the order's own amount (`orderRaw`), which it knows once priced.
 */
export function aboveCapReason(capRaw: bigint, orderRaw?: bigint): string {
  const cap = formatUsd(capRaw, capRaw % RAW_PER_UNIT === 0n ? 0 : 2);
  const order = orderRaw === undefined ? 'Above' : `This order (${formatUsd(orderRaw)}) is above`;
  return `${order} your ${cap} cap per order: raise it in ${CAPS_SETTING} to place it.`;
}

/**
 * A buy spends at most its amount whatever the book (FOK spends it exactly, FAK's limit is
 * sized from it), so a buy above the cap is known to be refused before it is priced.
 */
export const buyAboveCap = (amountRaw: bigint, capRaw: bigint): boolean => amountRaw > capRaw;

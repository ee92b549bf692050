/*
 * Price alerts without a schema library: the page panel reads this module too, and a
 * market page's script carries no zod (the schemas are in schema.ts).
 */

export type AlertOutcome = 'YES' | 'NO';
/** Best bid, best ask, or the market's last price (the book's midpoint; an AMM's pool price). */
export type AlertField = 'bid' | 'ask' | 'last';
export type AlertComparator = '>=' | '<=';

/** The most alerts the extension keeps (armed and fired together). */
export const MAX_PRICE_ALERTS = 50;

export const CAP_SENTENCE = `You have ${MAX_PRICE_ALERTS} alerts, the most the extension keeps: remove one to add another.`;

/** Thresholds are in thousandths of a dollar (the exchange's tick, 0.1¢), strictly between 0 and 1. */
export const MIN_ALERT_MILLIS = 1;
export const MAX_ALERT_MILLIS = 999;

const CENTS_RE = /^(\d{1,3})(?:\.(\d*))?$/;

export type ThresholdResult = { ok: true; millis: number } | { ok: false; message: string };

/**
 * A price typed in cents ("70", "70.5", "70¢") → thousandths of a dollar, exactly: read
 * from its digits, never through a float. The sentence says what to change.
 */
export function parseCents(text: string): ThresholdResult {
  const typed = text.trim();
  const asDollars = dollarsMeant(typed);
  if (asDollars) return { ok: false, message: asDollars };
  const trimmed = typed.replace(/\s*¢$/, '');
  if (trimmed === '') return { ok: false, message: 'Enter a price in cents, e.g. 70.' };
  const match = CENTS_RE.exec(trimmed);
  if (!match)
    return {
      ok: false,
      message: `"${text.trim()}" is not a price in cents: type e.g. 70 or 70.5.`,
    };
  const [, whole = '0', frac = ''] = match;
  const digits = frac.replace(/0+$/, '');
  if (digits.length > 1) {
    return {
      ok: false,
      message: 'Prices move in steps of 0.1¢: use at most one decimal, e.g. 70.5.',
    };
  }
  return checkMillis(Number(whole) * 10 + Number(digits || '0'));
}

/** "0.7", ".705", "$0.7": a price below one, typed the way the exchange writes prices. */
const DOLLARS_RE = /^(?:\$\s*)?0?\.(\d+)$/;

/**
 * A price under 1 typed without "¢" is refused with the reading it most likely meant,
 * never taken as tenths of a cent: the exchange and its notifications write prices as
 * 0–1 fractions, so "0.7" is 70¢ to a trader, and read as 0.7¢ it made an alert true at
 * once. Refused rather than converted, because a threshold read in the wrong unit fires
 * at the wrong time; a sub-cent threshold (an AMM's pool can get there) is still typed
 * with its sign, "0.7¢".
 */
function dollarsMeant(typed: string): string | null {
  const match = DOLLARS_RE.exec(typed);
  if (!match) return null;
  const digits = (match[1] ?? '').replace(/0+$/, '');
  // Zero is zero in any unit: the range's sentence says it.
  if (digits === '') return null;
  if (digits.length > 3) {
    return 'Alert prices are in cents (70 means 0.70): type the price in cents, e.g. 70.5.';
  }
  const meant = millisAsCents(Number(digits.padEnd(3, '0')));
  const subCent = digits.length === 1 ? ` (for 0.${digits} of a cent, type 0.${digits}¢)` : '';
  return `Alert prices are in cents: did you mean ${meant}${subCent}?`;
}

/** A threshold in thousandths, checked against the tick and the 0–1 range. */
export function checkMillis(millis: number): ThresholdResult {
  if (!Number.isSafeInteger(millis)) {
    return {
      ok: false,
      message: 'Prices move in steps of 0.1¢: use at most one decimal, e.g. 70.5.',
    };
  }
  if (millis < MIN_ALERT_MILLIS || millis > MAX_ALERT_MILLIS) {
    return { ok: false, message: 'Choose a price above 0¢ and below 100¢.' };
  }
  return { ok: true, millis };
}

/** 705 → `70.5¢`. */
export function millisAsCents(millis: number): string {
  const whole = Math.trunc(millis / 10);
  const tenth = millis % 10;
  return tenth === 0 ? `${whole}¢` : `${whole}.${tenth}¢`;
}

export const FIELD_WORDS: Record<AlertField, string> = {
  bid: 'best bid',
  ask: 'best ask',
  last: 'last price',
};

/** "YES best bid ≥ 70¢": what the list and the notification say. */
export function describeCondition(alert: {
  outcome: AlertOutcome;
  field: AlertField;
  comparator: AlertComparator;
  priceMillis: number;
}): string {
  return `${alert.outcome} ${FIELD_WORDS[alert.field]} ${alert.comparator === '>=' ? '≥' : '≤'} ${millisAsCents(alert.priceMillis)}`;
}

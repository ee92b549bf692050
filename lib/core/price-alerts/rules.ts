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
  const trimmed = text.trim().replace(/\s*¢$/, '');
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

const FIELD_WORDS: Record<AlertField, string> = {
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

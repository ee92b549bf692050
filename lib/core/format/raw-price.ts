import { RAW_PER_UNIT } from '../orders/units';

/**
 * A 0–1 price given as a JS number (the API's convention for prices) → raw units
 * (1e6 = 1.00). Read from its 6-decimal text, never multiplied as a float, so a price
 * with at most 6 decimals converts exactly. Null for anything that is not a price.
 */
export function priceNumberToRaw(price: number | null | undefined): bigint | null {
  if (price === null || price === undefined || !Number.isFinite(price)) return null;
  if (price < 0 || price > 1) return null;
  const [int = '0', frac = ''] = price.toFixed(6).split('.');
  return BigInt(int) * RAW_PER_UNIT + BigInt(frac.padEnd(6, '0'));
}

/** Rounds `value / scale` half away from zero. */
function roundDiv(value: bigint, scale: bigint): bigint {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const q = (abs + scale / 2n) / scale;
  return negative ? -q : q;
}

/** `units` as a fixed-point number with `decimals` places, trailing zeros trimmed. */
function fixed(units: bigint, decimals: number): string {
  const abs = units < 0n ? -units : units;
  const unit = 10n ** BigInt(decimals);
  const frac =
    decimals > 0 ? (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${abs / unit}${frac ? `.${frac}` : ''}`;
}

/**
 * A raw price (1e6 = 1.00) as cents: 550000 → `55¢`, 575000 → `57.5¢`, an average such
 * as 553333 → `55.33¢` (at most two decimals of a cent, rounded for display only).
 */
export function formatRawCents(raw: bigint | string): string {
  const value = typeof raw === 'string' ? BigInt(raw) : raw;
  // 1 cent = 10,000 raw; two decimals of a cent = 100 raw.
  const hundredths = roundDiv(value, 100n);
  return `${hundredths < 0n ? '−' : ''}${fixed(hundredths, 2)}¢`;
}

/**
 * A ratio in raw units (1e6 = 100 %) as a signed percentage: -59800 → `−5.98%` with two
 * decimals, `−6%` with none. Exact: no float on the way.
 */
export function formatRawPercent(raw: bigint | string, decimals = 1): string {
  const value = typeof raw === 'string' ? BigInt(raw) : raw;
  // percent = raw / 10,000; keep `decimals` places.
  const scaled = roundDiv(value, 10n ** BigInt(4 - Math.min(decimals, 4)));
  const text = `${fixed(scaled, Math.min(decimals, 4))}%`;
  return scaled > 0n ? `+${text}` : scaled < 0n ? `−${text}` : text;
}

/** Raw contracts × raw price → raw collateral, rounded down (a valuation, never a payment). */
export function valueAtPrice(contractsRaw: bigint, priceRaw: bigint): bigint {
  return (contractsRaw * priceRaw) / RAW_PER_UNIT;
}

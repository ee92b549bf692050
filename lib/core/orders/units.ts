/**
 * Exact decimal ↔ integer conversions. Nothing here goes through a float: a decimal
 * given as a JS number is read from its shortest round-trip string, so `0.55` is
 * exactly 0.55 and `0.1 + 0.2` is refused for having too many decimals.
 */

/** Raw units per whole unit of collateral or per contract (6 decimals). */
export const RAW_DECIMALS = 6;
export const RAW_PER_UNIT = 1_000_000n;

/** Prices are quoted in thousandths: 0.001 is the finest tick. */
export const PRICE_DECIMALS = 3;
export const PRICE_SCALE = 1000n;
export const MIN_PRICE_MILLIS = 10n;
export const MAX_PRICE_MILLIS = 990n;

export type DecimalInput = string | number | bigint;

export class DecimalFormatError extends Error {
  override name = 'DecimalFormatError';
}

const DECIMAL_RE = /^(-)?(\d*)(?:\.(\d*))?$/;

function decimalText(value: DecimalInput): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new DecimalFormatError(`${value} is not a number`);
    const text = String(value);
    if (/e/i.test(text)) {
      // 1e-7 and 1e21 print in exponent form; expand them exactly.
      return expandExponent(text);
    }
    return text;
  }
  return value.trim();
}

function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) throw new DecimalFormatError(`cannot read ${text} as a decimal`);
  const [, sign = '', int = '', frac = '', expText = '0'] = match;
  const exp = Number(expText);
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Splits a decimal into sign, integer and fraction digits (trailing zeros dropped). */
function readDecimal(value: DecimalInput, what: string) {
  const text = decimalText(value);
  const match = DECIMAL_RE.exec(text);
  if (!match || (!match[2] && !match[3])) {
    throw new DecimalFormatError(`${what} "${text}" is not a decimal number`);
  }
  const [, sign, int = '', fracRaw = ''] = match;
  return { text, negative: sign === '-', int, frac: fracRaw.replace(/0+$/, '') };
}

/** Number of digits after the decimal point, ignoring trailing zeros. */
export function decimalPlaces(value: DecimalInput): number {
  return readDecimal(value, 'value').frac.length;
}

/**
 * `"12.5"` at 6 decimals → `12500000n`. Throws when the value has more decimals than
 * `decimals` (it never rounds) or is not a decimal number.
 */
export function parseScaled(value: DecimalInput, decimals: number, what = 'value'): bigint {
  const { text, negative, int, frac } = readDecimal(value, what);
  if (frac.length > decimals) {
    throw new DecimalFormatError(`${what} ${text} has more than ${decimals} decimals`);
  }
  const scaled = BigInt((int || '0') + frac.padEnd(decimals, '0'));
  return negative ? -scaled : scaled;
}

/** `12500000n` at 6 decimals → `"12.5"`; trailing zeros trimmed, never exponent form. */
export function formatScaled(value: bigint, decimals: number, minFraction = 0): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const int = abs / scale;
  let frac = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  if (frac.length < minFraction) frac = frac.padEnd(minFraction, '0');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

export const toRaw = (value: DecimalInput, what?: string): bigint =>
  parseScaled(value, RAW_DECIMALS, what);
export const fromRaw = (raw: bigint, minFraction = 0): string =>
  formatScaled(raw, RAW_DECIMALS, minFraction);

/**
 * For display only, and named so: a decimal the server sent → raw units, rounded half away
 * from zero to the raw unit when it has more than 6 decimals. Null when unreadable. Input
 * that becomes an amount we act on goes through `toRaw`, which refuses extra decimals.
 */
export function toRawRoundedForDisplay(value: string): bigint | null {
  let parts: ReturnType<typeof readDecimal>;
  try {
    parts = readDecimal(value, 'value');
  } catch {
    return null;
  }
  const { negative, int, frac } = parts;
  const kept = BigInt((int || '0') + frac.slice(0, RAW_DECIMALS).padEnd(RAW_DECIMALS, '0'));
  const up = frac.length > RAW_DECIMALS && Number(frac[RAW_DECIMALS]) >= 5 ? 1n : 0n;
  const raw = kept + up;
  return negative ? -raw : raw;
}

/** Price as thousandths: `0.555` → `555n`. Throws past 3 decimals. */
export const priceToMillis = (price: DecimalInput): bigint =>
  parseScaled(price, PRICE_DECIMALS, 'price');
export const millisToPrice = (millis: bigint): number =>
  Number(formatScaled(millis, PRICE_DECIMALS));

export function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

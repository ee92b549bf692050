/** A 0–1 price as cents: 0.57 → `57¢`, 0.575 → `57.5¢`. */
export function formatCents(price: number | null): string {
  if (price === null || !Number.isFinite(price)) return '—';
  const cents = Math.round(price * 1000) / 10;
  return `${Number.isInteger(cents) ? cents.toFixed(0) : cents.toFixed(1)}¢`;
}

/** A 0–1 price as a decimal: 0.57 → `0.57`, at most 3 decimals. */
export function formatPrice(price: number | null): string {
  if (price === null || !Number.isFinite(price)) return '—';
  return (Math.round(price * 1000) / 1000).toFixed(3).replace(/0$/, '').replace(/0$/, '');
}

/** Raw price (1e6 = 1.00), as positions report `fillPrice`. */
export const rawPriceToNumber = (raw: bigint | string): number =>
  Number(typeof raw === 'string' ? BigInt(raw) : raw) / 1e6;

/** NO prices mirror YES ones in a YES-terms book. */
export const mirror = (price: number | null): number | null =>
  price === null ? null : Math.round((1 - price) * 1000) / 1000;

/** A ratio (0.25) as a percentage with sign: `+25%`. */
export function formatPercent(ratio: number | null, decimals = 1): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—';
  const pct = ratio * 100;
  const text = `${Math.abs(pct).toFixed(decimals).replace(/\.0+$/, '')}%`;
  return pct > 0 ? `+${text}` : pct < 0 ? `−${text}` : text;
}

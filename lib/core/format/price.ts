/** A 0–1 price as cents: 0.57 → `57¢`, 0.575 → `57.5¢`. */
export function formatCents(price: number | null): string {
  if (price === null || !Number.isFinite(price)) return '—';
  const cents = Math.round(price * 1000) / 10;
  return `${Number.isInteger(cents) ? cents.toFixed(0) : cents.toFixed(1)}¢`;
}

/** Groups thousands in an integer string: 1234567 → 1,234,567. */
const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Raw collateral → `$1,234.57`, rounded half away from zero at `decimals` (display only;
 * amounts never round on their way to the exchange).
 */
export function formatUsd(raw: bigint | string, decimals = 2): string {
  const value = typeof raw === 'string' ? BigInt(raw) : raw;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(6 - decimals);
  const rounded = (abs + scale / 2n) / scale;
  const unit = 10n ** BigInt(decimals);
  const int = group((rounded / unit).toString());
  const frac = decimals > 0 ? `.${(rounded % unit).toString().padStart(decimals, '0')}` : '';
  return `${negative && rounded !== 0n ? '−' : ''}$${int}${frac}`;
}

/** Signed P&L: `+$12.50`, `−$3.10`, `$0.00`. */
export function formatPnl(raw: bigint | string, decimals = 2): string {
  const value = typeof raw === 'string' ? BigInt(raw) : raw;
  const text = formatUsd(value, decimals);
  return value > 0n && text !== formatUsd(0n, decimals) ? `+${text}` : text;
}

export type Tone = 'gain' | 'loss' | 'flat';
export function pnlTone(raw: bigint | string): Tone {
  const value = typeof raw === 'string' ? BigInt(raw) : raw;
  return value > 0n ? 'gain' : value < 0n ? 'loss' : 'flat';
}

/** Raw contracts → `12.5`, up to `maxDecimals` shown (rounded down: never show more than held). */
export function formatContracts(raw: bigint | string, maxDecimals = 2): string {
  const value = typeof raw === 'string' ? BigInt(raw) : raw;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(6 - maxDecimals);
  const kept = abs / scale;
  const unit = 10n ** BigInt(maxDecimals);
  let frac = (kept % unit).toString().padStart(maxDecimals, '0').replace(/0+$/, '');
  if (maxDecimals === 0) frac = '';
  return `${negative ? '−' : ''}${group((kept / unit).toString())}${frac ? `.${frac}` : ''}`;
}

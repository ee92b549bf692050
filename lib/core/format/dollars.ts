import { RAW_DECIMALS, toRaw } from '../orders/units';

export type AmountCheck = { ok: true; raw: bigint } | { ok: false; message: string };

/**
 * Dollars as typed → raw units, exactly (through `toRaw`, never a float). A leading `$`
 * and spaces are tolerated; a comma is refused rather than guessed at (12,50 or 1,250?).
 */
export function parseDollarAmount(
  text: string,
  options: { allowZero?: boolean } = {},
): AmountCheck {
  const cleaned = text.trim().replace(/^\$\s*/, '');
  if (!cleaned) return { ok: false, message: 'Enter an amount.' };
  if (cleaned.includes(',')) {
    return {
      ok: false,
      message: 'Use a dot for decimals and no thousands separator, like 1250.50.',
    };
  }
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '.') {
    return { ok: false, message: 'Enter an amount in dollars, like 12.50.' };
  }
  const fraction = cleaned.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > RAW_DECIMALS) {
    return {
      ok: false,
      message: `At most ${RAW_DECIMALS} decimals: the smallest amount is $0.000001.`,
    };
  }
  const raw = toRaw(cleaned);
  if (raw === 0n && !options.allowZero) return { ok: false, message: 'Enter more than zero.' };
  return { ok: true, raw };
}

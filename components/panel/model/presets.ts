import { DecimalFormatError, fromRaw, toRaw } from '../../../lib/core/orders/units';

/** Presets the panel may hold: at least one, at most six (the settings' bounds). */
export const MAX_PRESETS = 6;
/** Fifteen digits of raw units: a billion dollars, far above any per-order cap. */
const MAX_PRESET_RAW = 10n ** 15n - 1n;

/** A raw preset as the user types it: `10`, `2.5`. */
export const presetText = (raw: string): string => fromRaw(BigInt(raw));

export type PresetParse = { ok: true; presets: string[] } | { ok: false; message: string };

/**
 * The edited preset fields → raw amounts, exactly (no float). Empty fields are dropped;
 * anything else must be a positive dollar amount with at most 6 decimals.
 */
export function parsePresetInputs(texts: readonly string[]): PresetParse {
  const presets: string[] = [];
  for (const text of texts) {
    const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
    if (trimmed === '') continue;
    let raw: bigint;
    try {
      raw = toRaw(trimmed);
    } catch (error) {
      if (!(error instanceof DecimalFormatError)) throw error;
      return {
        ok: false,
        message: `“${text.trim()}” is not an amount in dollars, like 10 or 2.50`,
      };
    }
    if (raw <= 0n) return { ok: false, message: 'each preset must be more than $0' };
    if (raw > MAX_PRESET_RAW) return { ok: false, message: `“${text.trim()}” is too large` };
    presets.push(raw.toString());
  }
  if (presets.length === 0) return { ok: false, message: 'keep at least one preset' };
  if (presets.length > MAX_PRESETS)
    return { ok: false, message: `at most ${MAX_PRESETS} presets fit in the panel` };
  return { ok: true, presets };
}

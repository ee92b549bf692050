import { z } from 'zod';
import { DEFAULT_SETTINGS, Settings } from './schema';

const Loose = z.record(z.string(), z.unknown());

function mergeObjects(base: Record<string, unknown>, over: unknown): Record<string, unknown> {
  const overrides = Loose.safeParse(over);
  if (!overrides.success) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides.data)) {
    if (!(key in base)) continue;
    const baseValue = base[key];
    out[key] =
      baseValue && typeof baseValue === 'object' && !Array.isArray(baseValue)
        ? mergeObjects(baseValue as Record<string, unknown>, value)
        : value;
  }
  return out;
}

/**
 * Stored (or imported) settings over the defaults, key by key: a missing key takes its
 * default, an unknown key is dropped, and a value that breaks the schema falls back to
 * its default section rather than losing every setting.
 */
export function mergeSettings(stored: unknown): Settings {
  const merged = mergeObjects(DEFAULT_SETTINGS as unknown as Record<string, unknown>, stored);
  const parsed = Settings.safeParse(merged);
  if (parsed.success) return parsed.data;
  const repaired: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const section = issue.path[0];
    if (typeof section === 'string' && section in DEFAULT_SETTINGS) {
      repaired[section] = DEFAULT_SETTINGS[section as keyof Settings];
    }
  }
  const second = Settings.safeParse(repaired);
  return second.success ? second.data : DEFAULT_SETTINGS;
}

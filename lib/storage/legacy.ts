import { LEGACY_LOCAL_KEYS } from './keys';
import type { ProtectedArea } from './protected-area';

/** The parts of `browser.storage.local` the move reads. */
export interface LocalArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

/**
 * Builds before the protected store kept the settings, the account and the vault in
 * `storage.local`, where a content script can read and write them. Moves them once into
 * the protected store (the settings with the version WXT kept beside them, under
 * `settings$`), never over a value already there, then deletes them from `storage.local`.
 */
export async function adoptLegacyLocal(local: LocalArea, area: ProtectedArea): Promise<void> {
  const keys = [...LEGACY_LOCAL_KEYS, 'settings$'];
  const found = await local.get(keys);
  if (!Object.keys(found).some((k) => found[k] !== undefined)) return;
  for (const key of LEGACY_LOCAL_KEYS) {
    const value = found[key];
    if (value === undefined || (await area.get(key)) !== undefined) continue;
    if (key === 'settings') {
      const meta = found.settings$ as { v?: unknown } | undefined;
      const version = typeof meta?.v === 'number' ? meta.v : 1;
      await area.set(key, { version, value });
    } else {
      await area.set(key, value);
    }
  }
  await local.remove(keys);
}

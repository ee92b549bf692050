import {
  ACCOUNT_KEY,
  LEGACY_LOCAL_KEYS,
  PRICE_ALERTS_KEY,
  SETTINGS_KEY,
  STORAGE_LAYOUT_KEY,
  VAULT_ENVELOPE_KEY,
} from './keys';
import type { ProtectedArea } from './protected-area';

/** The parts of `browser.storage.local` the move reads. */
export interface LocalArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

/** The layout this build keeps: everything that matters in the protected store. */
export const PROTECTED_LAYOUT = 2;

/** What only a build of the protected layout writes there (the layout mark came later). */
const PROTECTED_ITEMS = [SETTINGS_KEY, ACCOUNT_KEY, VAULT_ENVELOPE_KEY, PRICE_ALERTS_KEY];

/**
 * The one migration from the layout before the protected store. Builds before it kept
 * the settings, the account and the vault in `storage.local`, where a content script can
 * read and write them; they are moved into the protected store once (the settings with
 * the version WXT kept beside them, under `settings$`), never over a value already there,
 * and then the protected store is marked as being in the new layout. A later start, a
 * start after "Forget account" included, reads the mark and never looks at
 * `storage.local` again: what a page's script plants there is never imported.
 *
 * A protected store that holds our items but no mark was written by a build of the new
 * layout before the mark existed, which moved the old layout (and emptied it) then:
 * whatever `storage.local` holds now was put there since, so it is dropped, not moved.
 */
export async function migrateStorageLayout(local: LocalArea, area: ProtectedArea): Promise<void> {
  const layout = await area.get(STORAGE_LAYOUT_KEY);
  if (typeof layout === 'number' && layout >= PROTECTED_LAYOUT) return;
  const keys = [...LEGACY_LOCAL_KEYS, 'settings$'];
  const found = await local.get(keys);
  if (!(await protectedLayoutWritten(area))) await adopt(found, area);
  await area.set(STORAGE_LAYOUT_KEY, PROTECTED_LAYOUT);
  if (keys.some((key) => found[key] !== undefined)) await local.remove(keys);
}

async function protectedLayoutWritten(area: ProtectedArea): Promise<boolean> {
  for (const key of PROTECTED_ITEMS) if ((await area.get(key)) !== undefined) return true;
  return false;
}

async function adopt(found: Record<string, unknown>, area: ProtectedArea): Promise<void> {
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
}

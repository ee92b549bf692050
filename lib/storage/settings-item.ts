import { DEFAULT_SETTINGS } from '../core/settings/defaults';
import { mergeSettings } from '../core/settings/merge';
import { SETTINGS_MIGRATIONS } from '../core/settings/migrations';
import type { Settings } from '../core/settings/schema';
import { SETTINGS_VERSION } from '../core/settings/version';
import { SETTINGS_KEY } from './keys';
import { indexedDbDriver, type ProtectedArea, protectedArea } from './protected-area';
import type { SettingsSource } from './settings-source';
import { defineVersionedItem, type VersionedItem } from './versioned-item';

export type SettingsItem = VersionedItem<Settings>;

let shared: ProtectedArea | null = null;

/** The protected store of this context (the extension origin's IndexedDB), opened once. */
export function protectedStore(): ProtectedArea {
  shared ??= protectedArea(indexedDbDriver());
  return shared;
}

/**
 * The settings, one versioned item of the protected store (never a secret, but they set
 * the caps and where signed traffic goes, so no page may write them). Migrations run from
 * the stored version; `mergeSettings` then fills in, key by key, whatever a migration did
 * not know about, and drops what the schema refuses.
 */
export function defineSettingsItem(area: ProtectedArea = protectedStore()): SettingsItem {
  return defineVersionedItem<Settings>(area, SETTINGS_KEY, {
    fallback: DEFAULT_SETTINGS,
    version: SETTINGS_VERSION,
    migrations: SETTINGS_MIGRATIONS,
  });
}

export async function readSettings(item: SettingsItem = defineSettingsItem()): Promise<Settings> {
  return mergeSettings(await item.getValue());
}

export async function writeSettings(
  next: Settings,
  item: SettingsItem = defineSettingsItem(),
): Promise<void> {
  await item.setValue(mergeSettings(next));
}

/** A cached, watched source for the background. */
export async function createSettingsSource(
  item: SettingsItem = defineSettingsItem(),
): Promise<SettingsSource> {
  let current = await readSettings(item);
  const listeners = new Set<(next: Settings) => void>();
  item.watch((value) => {
    current = mergeSettings(value);
    for (const listener of listeners) listener(current);
  });
  return {
    get: () => current,
    update: async (change) => {
      current = mergeSettings(change(current));
      await item.setValue(current);
    },
    watch: (listener) => listeners.add(listener),
  };
}

import { storage } from '@wxt-dev/storage';
import { DEFAULT_SETTINGS } from '../core/settings/defaults';
import { mergeSettings } from '../core/settings/merge';
import { SETTINGS_MIGRATIONS } from '../core/settings/migrations';
import type { Settings } from '../core/settings/schema';
import { SETTINGS_STORAGE_KEY, SETTINGS_VERSION } from '../core/settings/version';
import type { SettingsSource } from './settings-source';

export type SettingsItem = ReturnType<typeof defineSettingsItem>;

/**
 * The settings, one versioned item in `storage.local` (never a secret). WXT runs the
 * migrations from the stored version (none stored means 1) when the item is defined;
 * `mergeSettings` then fills in, key by key, whatever a migration did not know about.
 */
export function defineSettingsItem() {
  return storage.defineItem<Settings>(SETTINGS_STORAGE_KEY, {
    fallback: DEFAULT_SETTINGS,
    version: SETTINGS_VERSION,
    migrations: SETTINGS_MIGRATIONS,
  });
}

export const settingsItem = defineSettingsItem();

export async function readSettings(item: SettingsItem = settingsItem): Promise<Settings> {
  return mergeSettings(await item.getValue());
}

export async function writeSettings(
  next: Settings,
  item: SettingsItem = settingsItem,
): Promise<void> {
  await item.setValue(mergeSettings(next));
}

/** A cached, watched source for the background. */
export async function createSettingsSource(
  item: SettingsItem = settingsItem,
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

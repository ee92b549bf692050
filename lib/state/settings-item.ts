import { storage } from '@wxt-dev/storage';
import { mergeSettings } from '../settings/merge';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import type { SettingsSource } from '../settings/source';

/**
 * The settings, one versioned item in `storage.local` (never a secret). Version 1 is
 * the first; each later version adds a migration here, and `mergeSettings` fills in any
 * key a migration did not know about.
 */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

export async function readSettings(): Promise<Settings> {
  return mergeSettings(await settingsItem.getValue());
}

export async function writeSettings(next: Settings): Promise<void> {
  await settingsItem.setValue(mergeSettings(next));
}

/** A cached, watched source for the background. */
export async function createSettingsSource(): Promise<SettingsSource> {
  let current = await readSettings();
  const listeners = new Set<(next: Settings) => void>();
  settingsItem.watch((value) => {
    current = mergeSettings(value);
    for (const listener of listeners) listener(current);
  });
  return {
    get: () => current,
    update: async (change) => {
      current = mergeSettings(change(current));
      await settingsItem.setValue(current);
    },
    watch: (listener) => listeners.add(listener),
  };
}

import type { Settings } from '../core/settings/schema';

/** Where the background reads and writes settings (a storage item in the extension, memory in tests). */
export interface SettingsSource {
  get(): Settings;
  update(change: (current: Settings) => Settings): Promise<void>;
  watch(listener: (next: Settings) => void): void;
}

/**
 * The options page's way to change settings (entrypoints/options/main.tsx): the protected
 * store's own code, bundled by settings-store.ts into a script run in an extension page.
 */
import '../../../lib/core/api/no-eval';
import { readSettings, writeSettings } from '../../../lib/storage/settings-item';

(globalThis as { __settingsStore?: unknown }).__settingsStore = {
  read: readSettings,
  write: writeSettings,
};

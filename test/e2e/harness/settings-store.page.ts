/**
 * The options page's way to change settings (entrypoints/options/main.tsx): the protected
 * store's own code, bundled by settings-store.ts into a script run in an extension page.
 * With it, what a page hears of them: the background's copy for the pages, and the panel's
 * script on the extra sites.
 */
import { browser } from 'wxt/browser';
import '../../../lib/core/api/no-eval';
import { grantedPatterns, registeredPatterns } from '../../../lib/background/site-scripts';
import { PAGE_SETTINGS_AREA_KEY } from '../../../lib/protocol/page-settings';
import { readSettings, writeSettings } from '../../../lib/storage/settings-item';

(globalThis as { __settingsStore?: unknown }).__settingsStore = {
  read: readSettings,
  write: writeSettings,
  async pageCopy(): Promise<unknown> {
    return (
      (await browser.storage.local.get(PAGE_SETTINGS_AREA_KEY))[PAGE_SETTINGS_AREA_KEY] ?? null
    );
  },
  async siteScripts(
    origins: string[],
  ): Promise<{ granted: string[]; registered: string[] | null }> {
    return { granted: await grantedPatterns(origins), registered: await registeredPatterns() };
  },
};

import { browser } from 'wxt/browser';
import { pageSettingsOf } from '../core/settings/page-defaults';
import type { Settings } from '../core/settings/schema';
import { SETTINGS_VERSION } from '../core/settings/version';
import { PAGE_SETTINGS_AREA_KEY, type StoredPageSettings } from '../protocol/page-settings';
import { browserArea } from './area';

/**
 * The background's copy, in `storage.local`, of what the page panel reads before it can
 * ask anything (which URL is a market page, where to draw itself). Only that: no cap, no
 * threshold, no preset. A page's script that rewrites it moves or hides the panel on its
 * own tabs; the background checks every order against the protected settings.
 */
export async function mirrorPageSettings(settings: Settings): Promise<void> {
  const copy: StoredPageSettings = {
    version: SETTINGS_VERSION,
    settings: pageSettingsOf(settings),
  };
  await browserArea(browser.storage.local).set(PAGE_SETTINGS_AREA_KEY, copy);
}

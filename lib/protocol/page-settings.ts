import type { PageSettings } from '../core/settings/page-defaults';

export type { PageSettings };

/**
 * The settings a market page's tab reads (`PageSettings`): the background keeps a copy in
 * `storage.local` under this key (lib/storage/page-settings-copy.ts); the panel reads it.
 */
export const PAGE_SETTINGS_AREA_KEY = 'pageSettings';

/**
 * The copy as stored, with the settings version it was written under: only the background
 * writes it, from settings its schema has parsed, so a reader that finds its own version
 * needs no second schema.
 */
export interface StoredPageSettings {
  version: number;
  settings: PageSettings;
}

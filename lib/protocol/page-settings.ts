import type { Settings } from '../core/settings/schema';

/**
 * The few settings a market page's tab needs before it can ask the background anything:
 * which URL is a market page, where to draw the panel, the theme, whether to draw badges. The background keeps a
 * copy in `storage.local` under this key (lib/storage/page-settings-copy.ts); the panel reads it.
 */
export const PAGE_SETTINGS_AREA_KEY = 'pageSettings';

export type PageSettings = Pick<
  Settings,
  'exchange' | 'extraSiteOrigins' | 'panel' | 'theme' | 'badges'
>;

/**
 * The copy as stored, with the settings version it was written under: only the background
 * writes it, from settings its schema has parsed, so a reader that finds its own version
 * needs no second schema.
 */
export interface StoredPageSettings {
  version: number;
  settings: PageSettings;
}

import type { Settings } from './schema';
import type { PanelDock } from './site-placements';

/*
 * The defaults a market page's tab reads (`PageSettings`), apart from the rest: plain data with
 * no amount in it, so the content script carries no decimal parsing for the trade presets
 * and caps it never uses.
 */

export const SANDBOX_EXCHANGE: Settings['exchange'] = {
  name: 'Sandbox',
  apiUrl: 'http://127.0.0.1:4010',
  wsUrl: 'http://127.0.0.1:4010',
  siteMarketPattern: 'http://127.0.0.1:4011/markets/:slug',
};

/** Where the panel docks when nothing else says (and the corner room-finding tries first). */
export const DEFAULT_DOCK: PanelDock = { corner: 'bottom-right', offset: { x: 16, y: 16 } };

/**
 * The few settings a market page's tab needs before it can ask the background anything:
 * which URL is a market page, where to draw the panel, the theme, whether to draw badges.
 */
export type PageSettings = Pick<
  Settings,
  'exchange' | 'extraSiteOrigins' | 'panel' | 'theme' | 'badges'
>;

/** What of `settings` a market page's tab reads: the background's copy holds only this. */
export const pageSettingsOf = (settings: Settings): PageSettings => ({
  exchange: settings.exchange,
  extraSiteOrigins: settings.extraSiteOrigins,
  panel: settings.panel,
  theme: settings.theme,
  badges: settings.badges,
});

/** The defaults of the settings a market page's tab reads. */
export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  exchange: SANDBOX_EXCHANGE,
  extraSiteOrigins: [],
  panel: { disabledOrigins: [], placements: [], marketPages: 'both' },
  theme: 'system',
  badges: { enabled: true },
};

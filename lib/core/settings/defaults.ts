import type { ExchangeProfile } from '../api/exchange';
import { toRaw } from '../orders/units';
import type { Settings } from './schema';
import type { PanelDock } from './site-placements';

/* Plain data, no schema: the page panel reads defaults without constructing zod schemas. */

export const SANDBOX_EXCHANGE: ExchangeProfile = {
  name: 'Sandbox',
  apiUrl: 'http://127.0.0.1:4010',
  wsUrl: 'http://127.0.0.1:4010',
  siteMarketPattern: 'http://127.0.0.1:4011/markets/:slug',
};

/** Where the panel docks when nothing else says (and the corner room-finding tries first). */
export const DEFAULT_DOCK: PanelDock = { corner: 'bottom-right', offset: { x: 16, y: 16 } };

export const DEFAULT_SETTINGS: Settings = {
  exchange: SANDBOX_EXCHANGE,
  quickTrade: {
    presets: ['5', '10', '25', '50'].map((d) => toRaw(d).toString()),
    slippageMillis: 20,
    confirmAboveRaw: toRaw('100').toString(),
    orderType: 'FOK',
  },
  caps: { maxOrderNotionalRaw: toRaw('1000').toString(), maxOrdersPerMinute: 30 },
  notifications: { enabled: true },
  autoLockMinutes: 30,
  shortcuts: { enabled: false },
  badges: { enabled: true },
  panel: {
    disabledOrigins: [],
    placements: [],
    marketPages: 'both',
  },
  extraSiteOrigins: [],
  theme: 'system',
};

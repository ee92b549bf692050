import { toRaw } from '../orders/units';
import { DEFAULT_PAGE_SETTINGS } from './page-defaults';
import type { Settings } from './schema';

/* Plain data, no schema; what a market page's tab reads is in page-defaults.ts. */

export const DEFAULT_SETTINGS: Settings = {
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
  ...DEFAULT_PAGE_SETTINGS,
};

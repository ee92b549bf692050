import { z } from 'zod';
import { ExchangeProfile } from '../api/exchange';
import { toRaw } from '../orders/units';

/** Collateral in raw units as a string (settings cross messaging and JSON). */
const RawSetting = z.string().regex(/^\d+$/, 'expected a whole number of raw units');

export const SANDBOX_EXCHANGE: ExchangeProfile = {
  name: 'Sandbox',
  apiUrl: 'http://127.0.0.1:4010',
  wsUrl: 'http://127.0.0.1:4010',
  siteMarketPattern: 'http://127.0.0.1:4011/markets/:slug',
};

export const PanelCorner = z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']);

export const Settings = z.object({
  exchange: ExchangeProfile,
  quickTrade: z.object({
    /** Buy presets in raw collateral (defaults $5, $10, $25, $50). */
    presets: z.array(RawSetting).min(1).max(6),
    /** FAK limit = best ask + slippage (BUY) or best bid − slippage (SELL), in price thousandths. */
    slippageMillis: z.number().int().min(0).max(200),
    /** Orders above this notional need a second click within 3 s. */
    confirmAboveRaw: RawSetting,
    orderType: z.enum(['FOK', 'FAK']),
  }),
  caps: z.object({
    maxOrderNotionalRaw: RawSetting,
    maxOrdersPerMinute: z.number().int().min(1).max(600),
  }),
  notifications: z.object({ enabled: z.boolean() }),
  autoLockMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  shortcuts: z.object({ enabled: z.boolean() }),
  panel: z.object({
    /** Site origin → panel shown; absent means shown. */
    disabledOrigins: z.array(z.string()),
    corner: PanelCorner,
    offset: z.object({ x: z.number(), y: z.number() }),
    collapsed: z.boolean(),
  }),
  /** Extra exchange-site origins the user granted (optional host permissions). */
  extraSiteOrigins: z.array(z.string()),
  theme: z.enum(['system', 'light', 'dark']),
});
export type Settings = z.infer<typeof Settings>;

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
  panel: {
    disabledOrigins: [],
    corner: 'bottom-right',
    offset: { x: 16, y: 16 },
    collapsed: false,
  },
  extraSiteOrigins: [],
  theme: 'system',
};

/** What export/import carries: everything except the exchange's secrets (settings hold none). */
export const SettingsExport = z.object({
  kind: z.literal('market-companion-settings'),
  version: z.literal(1),
  settings: Settings,
});

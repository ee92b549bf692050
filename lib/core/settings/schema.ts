import { z } from 'zod';
import { ExchangeProfile } from '../api/exchange';
import { CapsSettings, PanelSettings, QuickTradeSettings, ThemeSetting } from './sections';
import { SETTINGS_VERSION } from './version';

export const Settings = z.object({
  exchange: ExchangeProfile,
  quickTrade: QuickTradeSettings,
  caps: CapsSettings,
  notifications: z.object({ enabled: z.boolean() }),
  autoLockMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  shortcuts: z.object({ enabled: z.boolean() }),
  /** Position badges beside every link to a market on the exchange's site. */
  badges: z.object({ enabled: z.boolean() }),
  panel: PanelSettings,
  /** Extra exchange-site origins the user granted (optional host permissions). */
  extraSiteOrigins: z.array(z.string()),
  theme: ThemeSetting,
});
export type Settings = z.infer<typeof Settings>;

/** What export/import carries: everything except the exchange's secrets (settings hold none). */
export const SettingsExport = z.object({
  kind: z.literal('market-companion-settings'),
  version: z.literal(SETTINGS_VERSION),
  settings: Settings,
});

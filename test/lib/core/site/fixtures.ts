import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { Settings } from '../../../../lib/core/settings/schema';

/** Settings on the sandbox's market site (`http://127.0.0.1:4011/markets/:slug`). */
export const siteSettings = (over: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  exchange: {
    ...DEFAULT_SETTINGS.exchange,
    siteMarketPattern: 'http://127.0.0.1:4011/markets/:slug',
  },
  ...over,
});

import type { Settings } from '../core/settings/schema';
import { marketPagePatterns, marketSlugForUrl } from '../core/site/market-pages';
import type { SenderPolicy } from '../protocol/sender';
import type { Platform } from './platform';

/**
 * The market a page shows: the configured site's pattern, or the same path layout on
 * one of the extra site origins the user granted. Null when it is not a market page.
 */
export const pageMarket = (
  settings: Pick<Settings, 'exchange' | 'extraSiteOrigins'>,
  pageUrl: string,
): string | null => marketSlugForUrl(marketPagePatterns(settings), pageUrl);

/** Who may send what: the extension's own pages, and content scripts on the market sites. */
export function senderPolicy(
  settings: Pick<Settings, 'exchange' | 'extraSiteOrigins'>,
  platform: Pick<Platform, 'extensionId' | 'extensionOrigin'>,
): SenderPolicy {
  const origins = new Set(marketPagePatterns(settings).map((p) => p.origin));
  return {
    extensionId: platform.extensionId,
    extensionOrigin: platform.extensionOrigin,
    isSiteOrigin: (origin) => origins.has(origin),
  };
}

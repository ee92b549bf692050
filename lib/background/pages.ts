import { boundedMemo } from '../core/bounded-memo';
import type { Settings } from '../core/settings/schema';
import { marketPagePatterns, marketSlugForUrl } from '../core/site/market-pages';
import type { SitePattern } from '../core/site/pattern';
import { PANEL_SENDER } from '../protocol/panel-sender';
import type { SenderPolicy } from '../protocol/sender';
import type { Platform } from './platform';

type SiteSettings = Pick<Settings, 'exchange' | 'extraSiteOrigins'>;

/** The configured sites, as parsed for one configuration (`key`). */
interface SiteRules {
  key: string;
  patterns: SitePattern[];
  origins: Set<string>;
  /** A page URL's market under these patterns (the same few tabs ask with every press). */
  marketOf: (pageUrl: string) => string | null;
}

let parsed: SiteRules | null = null;

/**
 * The patterns of the sites as configured, parsed once per configuration: every message
 * asks (the sender check and the market check of an order), and parsing takes URL objects.
 */
function sitePatterns(settings: SiteSettings): SiteRules {
  // What `marketPagePatterns` reads, in full: equal keys give equal patterns.
  const key = JSON.stringify([settings.exchange.siteMarketPattern, settings.extraSiteOrigins]);
  if (parsed?.key !== key) {
    const patterns = marketPagePatterns(settings);
    parsed = {
      key,
      patterns,
      origins: new Set(patterns.map((p) => p.origin)),
      marketOf: boundedMemo(32, (pageUrl) => marketSlugForUrl(patterns, pageUrl)),
    };
  }
  return parsed;
}

/**
 * The market a page shows: the configured site's pattern, or the same path layout on
 * one of the extra site origins the user granted. Null when it is not a market page.
 */
export const pageMarket = (settings: SiteSettings, pageUrl: string): string | null =>
  sitePatterns(settings).marketOf(pageUrl);

/**
 * Who may send what: the extension's own pages, our content scripts on the market sites,
 * and this build's page panel (its frame in Chromium, the content script in Firefox).
 */
export function senderPolicy(
  settings: SiteSettings,
  platform: Pick<Platform, 'extensionId' | 'extensionOrigin'>,
): SenderPolicy {
  const { origins } = sitePatterns(settings);
  return {
    extensionId: platform.extensionId,
    extensionOrigin: platform.extensionOrigin,
    isSiteOrigin: (origin) => origins.has(origin),
    panelSender: PANEL_SENDER,
  };
}

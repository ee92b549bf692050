import type { Settings } from '../settings/schema';
import { parseSitePattern, type SitePattern, slugFromUrl } from './pattern';

/**
 * The market-page patterns the extension answers to: the exchange's own site pattern, and
 * the same path shape on every extra site origin the user granted in the options page.
 * The one answer to "which URL gets a panel", for the page and for the background's
 * sender checks alike.
 */
export function marketPagePatterns(
  settings: Pick<Settings, 'exchange' | 'extraSiteOrigins'>,
): SitePattern[] {
  const main = parseSitePattern(settings.exchange.siteMarketPattern);
  if (!main) return [];
  const patterns: SitePattern[] = [main];
  for (const extra of settings.extraSiteOrigins) {
    let origin: string;
    try {
      origin = new URL(extra).origin;
    } catch {
      continue;
    }
    if (origin === 'null' || patterns.some((p) => p.origin === origin)) continue;
    patterns.push({ ...main, origin });
  }
  return patterns;
}

/** The market this page shows, or null when it is not a market page of a configured site. */
export function marketSlugForUrl(patterns: readonly SitePattern[], url: string): string | null {
  for (const pattern of patterns) {
    const slug = slugFromUrl(pattern, url);
    if (slug) return slug;
  }
  return null;
}

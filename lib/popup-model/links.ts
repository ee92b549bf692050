import { marketPageUrl, parseSitePattern } from '../site/pattern';

/** The exchange site's page of a market (or group), or null when the pattern cannot be read. */
export function marketUrl(siteMarketPattern: string, slug: string | null): string | null {
  if (!slug) return null;
  const pattern = parseSitePattern(siteMarketPattern);
  return pattern ? marketPageUrl(pattern, slug) : null;
}

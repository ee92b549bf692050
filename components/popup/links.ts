import { marketPageUrl, parseSitePattern } from '../../lib/core/site/pattern';

/**
 * The exchange site's page of a market or of a group, or null when the pattern cannot be
 * read. A group's slug lives in the markets' namespace (as on the exchange's own site, and
 * the sandbox's site serves `/markets/:groupSlug` as the group's page), so the one
 * market-page pattern names both.
 */
export function marketUrl(siteMarketPattern: string, slug: string | null): string | null {
  if (!slug) return null;
  const pattern = parseSitePattern(siteMarketPattern);
  return pattern ? marketPageUrl(pattern, slug) : null;
}

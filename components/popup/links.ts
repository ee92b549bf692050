import { marketPageUrl, parseSitePattern, type SitePattern } from '../../lib/core/site/pattern';

/**
 * The last pattern read: every card of a screen names the same one, and reading it parses
 * a URL (50 cards' worth showed in the popup's first-render profile).
 */
let last: { text: string; pattern: SitePattern | null } | null = null;

function sitePattern(text: string): SitePattern | null {
  if (last?.text !== text) last = { text, pattern: parseSitePattern(text) };
  return last.pattern;
}

/**
 * The exchange site's page of a market or of a group, or null when the pattern cannot be
 * read. A group's slug lives in the markets' namespace (as on the exchange's own site, and
 * the sandbox's site serves `/markets/:groupSlug` as the group's page), so the one
 * market-page pattern names both.
 */
export function marketUrl(siteMarketPattern: string, slug: string | null): string | null {
  if (!slug) return null;
  const pattern = sitePattern(siteMarketPattern);
  return pattern ? marketPageUrl(pattern, slug) : null;
}

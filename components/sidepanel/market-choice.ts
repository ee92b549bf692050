import type { Positions } from '../../lib/core/api/portfolio';
import type { Settings } from '../../lib/core/settings/schema';
import { marketPagePatterns, marketSlugForUrl } from '../../lib/core/site/market-pages';
import { buildPortfolioModel } from '../popup/positions/positions';

/** A market the side panel offers to trade when the tab shows none. */
export interface MarketChoice {
  slug: string;
  title: string;
}

/**
 * The market the side panel follows for a tab's URL: that page's market, unless the user
 * chose the page panel alone for market pages. The same patterns as the page panel's.
 */
export function followedMarket(
  settings: Pick<Settings, 'exchange' | 'extraSiteOrigins' | 'panel'>,
  url: string | null,
): string | null {
  if (url === null || settings.panel.marketPages === 'page') return null;
  return marketSlugForUrl(marketPagePatterns(settings), url);
}

/** The order-book markets the user holds, as the positions screen lists them (AMMs take no orders). */
export function positionMarkets(positions: Positions | null): MarketChoice[] {
  if (!positions) return [];
  const model = buildPortfolioModel(positions);
  const seen = new Set<string>();
  const choices: MarketChoice[] = [];
  for (const row of [...model.markets, ...model.groups.flatMap((g) => g.markets)]) {
    if (row.slug === null || seen.has(row.slug)) continue;
    seen.add(row.slug);
    choices.push({ slug: row.slug, title: row.title });
  }
  return choices;
}

import type { Settings } from '../../../lib/core/settings/schema';
import { parseSitePattern, type SitePattern, slugFromUrl } from '../../../lib/core/site/pattern';

/**
 * The market-page patterns the panel answers to: the exchange's own site pattern, and
 * the same path shape on every extra site origin the user granted in the options page.
 */
export function panelSitePatterns(
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

/** Whether the user turned the panel off on this site (options page). */
export const panelDisabledOn = (settings: Pick<Settings, 'panel'>, origin: string): boolean =>
  settings.panel.disabledOrigins.includes(origin);

/** What the page should do with its panel when the URL (or the settings) changes. */
export type SlugTransition =
  | { kind: 'stay' }
  | { kind: 'mount'; slug: string }
  | { kind: 'switch'; slug: string }
  | { kind: 'unmount' };

export function slugTransition(current: string | null, next: string | null): SlugTransition {
  if (current === next) return { kind: 'stay' };
  if (next === null) return { kind: 'unmount' };
  return current === null ? { kind: 'mount', slug: next } : { kind: 'switch', slug: next };
}

/** The slug the panel should show for this URL under these settings (null: no panel). */
export function panelSlugFor(
  settings: Pick<Settings, 'exchange' | 'extraSiteOrigins' | 'panel'>,
  url: string,
): string | null {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return null;
  }
  if (panelDisabledOn(settings, origin)) return null;
  return marketSlugForUrl(panelSitePatterns(settings), url);
}

import type { Settings } from '../../../lib/core/settings/schema';
import { marketPagePatterns, marketSlugForUrl } from '../../../lib/core/site/market-pages';

/**
 * Whether the user turned the page panel off on this site, or on every market page by
 * choosing the side panel alone (options page). A copy of the page settings from before
 * `marketPages` existed names none: the page panel is drawn, as it was then.
 */
export const panelDisabledOn = (settings: Pick<Settings, 'panel'>, origin: string): boolean =>
  settings.panel.marketPages === 'side' || settings.panel.disabledOrigins.includes(origin);

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
  return marketSlugForUrl(marketPagePatterns(settings), url);
}

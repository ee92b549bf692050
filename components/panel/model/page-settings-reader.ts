import { browser } from 'wxt/browser';
import { DEFAULT_PAGE_SETTINGS } from '../../../lib/core/settings/page-defaults';
import { placementOn, type SitePlacement } from '../../../lib/core/settings/site-placements';
import { SETTINGS_VERSION } from '../../../lib/core/settings/version';
import { PAGE_SETTINGS_AREA_KEY, type PageSettings } from '../../../lib/protocol/page-settings';

export type { PageSettings };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the background's copy (lib/storage/page-settings-copy.ts). The settings schema already
 * parsed it there, so a copy of this version is taken as it is (the content script runs in
 * every market page and stays free of a schema library); any other version is a copy from
 * before an update, replaced at the background's next start, and meanwhile the defaults
 * hold. Nothing here is trusted anyway: the background re-checks the page's market and
 * every order against its own, protected settings.
 */
export function pageSettingsFrom(raw: unknown): PageSettings {
  // Over the defaults: a copy written by an earlier build of the same version may lack a
  // field added since (the badges switch), and the page reads it before the background's rewrite.
  if (isRecord(raw) && raw.version === SETTINGS_VERSION && isRecord(raw.settings))
    return { ...DEFAULT_PAGE_SETTINGS, ...(raw.settings as Partial<PageSettings>) };
  return DEFAULT_PAGE_SETTINGS;
}

/**
 * The placement the user made on this page's site (the content script runs in the page, so
 * `location.origin` is the page's), or null where the panel finds room for itself.
 */
export const sitePlacement = (
  settings: PageSettings,
  origin: string = location.origin,
): SitePlacement | null => placementOn(settings.panel.placements, origin);

// `storage.local` itself, not a storage library: one key, read once and watched.
export async function readPageSettings(): Promise<PageSettings> {
  const found = await browser.storage.local.get(PAGE_SETTINGS_AREA_KEY);
  return pageSettingsFrom(found[PAGE_SETTINGS_AREA_KEY]);
}

export function watchPageSettings(listener: (next: PageSettings) => void): () => void {
  const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[PAGE_SETTINGS_AREA_KEY];
    if (area === 'local' && change) listener(pageSettingsFrom(change.newValue));
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

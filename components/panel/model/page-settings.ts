import { storage } from '@wxt-dev/storage';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { isDefaultPlacement, isRecord } from '../../../lib/core/settings/migrations';
import { PAGE_SETTINGS_KEY, type PageSettings } from '../../../lib/protocol/page-settings';

export type { PageSettings };

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : null;
const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

/**
 * Reads the background's copy (lib/storage/page-settings.ts) with plain checks instead of
 * the settings schema: the content script runs in every market page and must start fast,
 * and nothing here is trusted anyway — the background re-checks the page's market and
 * every order on its own, protected settings.
 */
export function pageSettingsFrom(raw: unknown): PageSettings {
  const d = DEFAULT_SETTINGS;
  const s = isRecord(raw) ? raw : {};
  const exchange = isRecord(s.exchange) ? s.exchange : {};
  const panel = isRecord(s.panel) ? s.panel : {};
  const offset = isRecord(panel.offset) ? panel.offset : {};
  const corner =
    panel.corner === 'bottom-right' ||
    panel.corner === 'bottom-left' ||
    panel.corner === 'top-right' ||
    panel.corner === 'top-left'
      ? panel.corner
      : d.panel.corner;
  const place = {
    corner,
    offset: { x: num(offset.x, d.panel.offset.x), y: num(offset.y, d.panel.offset.y) },
  };
  return {
    exchange: {
      ...d.exchange,
      siteMarketPattern:
        typeof exchange.siteMarketPattern === 'string'
          ? exchange.siteMarketPattern
          : d.exchange.siteMarketPattern,
    },
    extraSiteOrigins: strings(s.extraSiteOrigins) ?? d.extraSiteOrigins,
    panel: {
      disabledOrigins: strings(panel.disabledOrigins) ?? d.panel.disabledOrigins,
      ...place,
      collapsed: typeof panel.collapsed === 'boolean' ? panel.collapsed : d.panel.collapsed,
      // A value the background has not migrated yet says nothing; its place says it all.
      placed: typeof panel.placed === 'boolean' ? panel.placed : !isDefaultPlacement(place),
    },
    theme: s.theme === 'light' || s.theme === 'dark' || s.theme === 'system' ? s.theme : d.theme,
  };
}

export async function readPageSettings(): Promise<PageSettings> {
  return pageSettingsFrom(await storage.getItem(PAGE_SETTINGS_KEY));
}

export function watchPageSettings(listener: (next: PageSettings) => void): () => void {
  return storage.watch(PAGE_SETTINGS_KEY, (value) => listener(pageSettingsFrom(value)));
}

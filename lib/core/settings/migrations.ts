import { parseSitePattern } from '../site/pattern';
import { DEFAULT_SETTINGS } from './defaults';
import { DEFAULT_DOCK } from './page-defaults';
import { SETTINGS_VERSION } from './version';

/*
 * Plain data and functions, no schema: the settings item runs these on whatever was
 * stored, and the page panel reads a value that may not have been migrated yet.
 */

type Migration = (stored: unknown) => unknown;

/** A plain object (not null, not an array): what stored settings are made of. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a panel placement is the one the extension starts with. Before version 2 the
 * settings did not say whether the user had placed the panel; any other place was theirs.
 */
export function isDefaultPlacement(panel: Record<string, unknown>): boolean {
  const offset = isRecord(panel.offset) ? panel.offset : {};
  const d = DEFAULT_DOCK;
  return (
    (panel.corner === undefined || panel.corner === d.corner) &&
    (offset.x === undefined || offset.x === d.offset.x) &&
    (offset.y === undefined || offset.y === d.offset.y)
  );
}

/**
 * Each entry turns a stored value of the version before it into its own version. A
 * migration keeps every value it does not understand: `mergeSettings` decides later, key
 * by key, what survives the schema.
 */
export const SETTINGS_MIGRATIONS: Record<number, Migration> = {
  // v2: `panel.placed`. A panel moved away from the default corner was placed by the user.
  2: (stored) => {
    if (!isRecord(stored) || !isRecord(stored.panel)) return stored;
    if (typeof stored.panel.placed === 'boolean') return stored;
    return { ...stored, panel: { ...stored.panel, placed: !isDefaultPlacement(stored.panel) } };
  },
  // v3: one placement per site instead of one for every site. The user's global placement
  // was made where the panel ran, almost always the exchange's own site (extra sites are
  // rare), so it becomes that site's placement; other sites find room for themselves until
  // the user places it there. A panel never placed leaves no entry.
  3: (stored) => {
    if (!isRecord(stored) || !isRecord(stored.panel)) return stored;
    if (Array.isArray(stored.panel.placements)) return stored;
    const { corner, offset, collapsed, placed, ...rest } = stored.panel;
    const exchange = isRecord(stored.exchange) ? stored.exchange : {};
    const pattern =
      typeof exchange.siteMarketPattern === 'string'
        ? exchange.siteMarketPattern
        : DEFAULT_SETTINGS.exchange.siteMarketPattern;
    const origin = parseSitePattern(pattern)?.origin;
    const d = DEFAULT_DOCK;
    const placements =
      placed === true && origin
        ? [
            {
              origin,
              corner: corner ?? d.corner,
              offset: offset ?? d.offset,
              collapsed: collapsed === true,
            },
          ]
        : [];
    return { ...stored, panel: { ...rest, placements } };
  },
};

/** A value stored (or exported) at `fromVersion`, in the current shape. */
export function migrateSettings(stored: unknown, fromVersion: number): unknown {
  let value = stored;
  for (let version = fromVersion + 1; version <= SETTINGS_VERSION; version++) {
    value = SETTINGS_MIGRATIONS[version]?.(value) ?? value;
  }
  return value;
}
